// DESIGN §2 routes. Pages are lazy chunks; tabs whose page a later issue builds render nothing inside
// their section until then. Only the lists DESIGN §2 gives a detail (characters, style sheets, approvals)
// take an :id child; anything else under a tab is 'Not found page'. Declarative routing (useRoutes), not a data router: the app loads no route data
// through the router, and leaving the data router out keeps /login's first download small (issue 14).
import { type ReactElement, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { lazyPage } from './lazy-page';
import { NotFoundRoute } from './not-found-page';
import { RequireAuth } from './require-auth';

/** Each lazy page's loader, so the chunks of the page being opened can be asked for at once (preloadPage). */
const loaders = new Map<unknown, () => Promise<unknown>>();

/** A page from a lazy chunk; the module is asked for by name so a chunk can export several things. */
function page<M>(load: () => Promise<M>, name: keyof M): ReactElement {
  const Page = lazyPage(load, name);
  const element = <Page />;
  loaders.set(element, load);
  return element;
}

const tab = (path: string, element?: ReactElement): RouteObject => ({ path, ...(element ? { element } : {}) });
/** A list tab whose rows open a detail at {list}/{id} (DESIGN §2). */
const listTab = (path: string, element?: ReactElement, detail?: ReactElement): RouteObject => ({
  path,
  ...(element ? { element } : {}),
  children: [{ path: ':id', ...(detail ? { element: detail } : {}) }],
});

export const routes: RouteObject[] = [
  { path: '/login', element: page(() => import('../features/auth/login-page'), 'LoginPage') },
  { path: '/oauth/callback', element: page(() => import('../features/auth/oauth-callback-page'), 'OAuthCallbackPage') },
  {
    element: <RequireAuth />,
    children: [
      {
        // The shell is a chunk of its own so /login does not download it.
        element: page(() => import('./shell/app-layout'), 'AppLayout'),
        children: [
          { index: true, element: <Navigate to="/overview" replace /> },
          { path: 'overview', element: page(() => import('../features/overview/overview-page'), 'OverviewPage') },
          { path: 'games', element: page(() => import('../features/games/games-page'), 'GamesPage') },
          { path: 'games/new', element: page(() => import('../features/games/schedule-game-page'), 'ScheduleGamePage') },
          { path: 'games/:id', element: page(() => import('../features/games/game-page'), 'GamePage') },
          { path: 'games/:id/check-in', element: page(() => import('../features/games/check-in-page'), 'CheckInPage') },
          { path: 'profile', element: page(() => import('../features/profile/profile-page'), 'ProfilePage') },
          {
            path: 'prestige-and-vip',
            element: page(() => import('../features/prestige/prestige-page'), 'PrestigePage'),
          },
          {
            path: 'utilities',
            element: page(() => import('../features/utilities/utilities-section'), 'UtilitiesSection'),
            children: [
              { index: true, element: <Navigate to="/utilities/domain-list" replace /> },
              tab(
                'domain-list',
                page(() => import('../features/utilities/domain-list-page'), 'DomainListPage'),
              ),
              tab(
                'password-reset',
                page(() => import('../features/utilities/password-reset-page'), 'PasswordResetPage'),
              ),
              tab(
                'membership-lookup',
                page(() => import('../features/utilities/membership-lookup-page'), 'MembershipLookupPage'),
              ),
              tab(
                'standards',
                page(() => import('../features/utilities/standards-page'), 'StandardsPage'),
              ),
              tab(
                'documentation',
                page(() => import('../features/utilities/documentation-page'), 'DocumentationPage'),
              ),
            ],
          },
          {
            path: 'characters',
            element: page(() => import('../features/characters/characters-section'), 'CharactersSection'),
            children: [
              { index: true, element: <Navigate to="/characters/list" replace /> },
              listTab(
                'list',
                page(() => import('../features/characters/my-characters-page'), 'MyCharactersPage'),
                page(() => import('../features/characters/character-detail-page'), 'CharacterDetailPage'),
              ),
              tab(
                'vss-list',
                page(() => import('../features/characters/character-search-page'), 'CharacterSearchPage'),
              ),
            ],
          },
          {
            path: 'storyteller',
            element: page(() => import('../features/storyteller/storyteller-section'), 'StorytellerSection'),
            children: [
              { index: true, element: <Navigate to="/storyteller/vss-manager" replace /> },
              // The disabled Style-Sheet tab is never reached by a click; opened by its URL it shows the first
              // enabled tab rather than an empty page (issue 23).
              { path: 'stylesheet', element: <Navigate to="/storyteller/vss-manager" replace /> },
              listTab(
                'vss-manager',
                page(() => import('../features/storyteller/vss-list-page'), 'VssListPage'),
                page(() => import('../features/storyteller/vss-detail-page'), 'VssDetailPage'),
              ),
              tab(
                'character-census',
                page(() => import('../features/storyteller/character-census-page'), 'CharacterCensusPage'),
              ),
              listTab(
                'approvals',
                page(() => import('../features/storyteller/approvals/approvals-page'), 'ApprovalsPage'),
                page(() => import('../features/storyteller/approvals/approval-detail-page'), 'ApprovalDetailPage'),
              ),
              ...['plots', 'staff', 'reports', 'investigations'].map((path) =>
                tab(
                  path,
                  page(() => import('../components/coming-soon'), 'ComingSoon'),
                ),
              ),
            ],
          },
          {
            path: 'coordinator',
            element: page(() => import('../features/coordinator/coordinator-page'), 'CoordinatorPage'),
            children: [
              { index: true, element: <Navigate to="/coordinator/members" replace /> },
              tab(
                'members',
                page(() => import('../features/coordinator/my-members-page'), 'MyMembersPage'),
              ),
              tab(
                'transfers',
                page(() => import('../features/coordinator/transfers-page'), 'TransfersPage'),
              ),
              tab(
                'prestige',
                page(() => import('../features/coordinator/reach-prestige-page'), 'ReachPrestigePage'),
              ),
            ],
          },
          {
            path: 'administration',
            element: page(() => import('../features/administration/administration-page'), 'AdministrationPage'),
            children: [
              { index: true, element: <Navigate to="/administration/members" replace /> },
              tab(
                'members',
                page(() => import('../features/administration/members-page'), 'MembersPage'),
              ),
              tab(
                'positions',
                page(() => import('../features/administration/positions-page'), 'PositionsPage'),
              ),
              tab(
                'locations',
                page(() => import('../features/administration/lists-page'), 'ListsPage'),
              ),
              tab(
                'audit-log',
                page(() => import('../features/administration/audit-page'), 'AuditPage'),
              ),
              tab(
                'outbox',
                page(() => import('../features/administration/outbox-page'), 'OutboxPage'),
              ),
              tab(
                'import',
                page(() => import('../features/administration/import-page'), 'ImportPage'),
              ),
            ],
          },
        ],
      },
    ],
  },
  // Unknown paths show 'Not found page': inside the shell when signed in, on its own otherwise.
  { path: '*', element: <NotFoundRoute /> },
];

/**
 * Starts downloading every chunk the page at `pathname` renders (the shell, the section, the tab) side by side,
 * instead of one after another as each renders — and the shell's while the member's record is still loading.
 * The module map keeps each import, so the lazy components then find their chunks there.
 */
export function preloadPage(pathname: string): void {
  for (const load of pageLoaders(pathname)) load().catch(() => undefined); // a failed one is retried when the page renders
}

/** The loaders of the lazy chunks the page at `pathname` renders, outermost first. */
export function pageLoaders(pathname: string): (() => Promise<unknown>)[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => loaders.get(match.route.element) ?? []);
}

/** The app's routes; lazy pages show nothing until their chunk arrives (the shell shows its own 'Loading…'). */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
