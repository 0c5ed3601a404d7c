// DESIGN §2 routes. Pages are lazy chunks; tabs whose page a later issue builds render nothing inside
// their section until then. Only the lists DESIGN §2 gives a detail (characters, style sheets, approvals)
// take an :id child; anything else under a tab is 'Not found page'.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundRoute } from './not-found-page';
import { RequireAuth } from './require-auth';
import { AppLayout } from './shell/app-layout';

const tab = (path: string, lazy?: RouteObject['lazy']): RouteObject => ({ path, ...(lazy ? { lazy } : {}) });
/** A list tab whose rows open a detail at {list}/{id} (DESIGN §2). */
const listTab = (path: string, lazy?: RouteObject['lazy'], detail?: RouteObject['lazy']): RouteObject => ({
  path,
  ...(lazy ? { lazy } : {}),
  children: [{ path: ':id', ...(detail ? { lazy: detail } : {}) }],
});

export const routes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
  { path: '/oauth/callback', lazy: async () => ({ Component: (await import('../features/auth/oauth-callback-page')).OAuthCallbackPage }) },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/overview" replace /> },
          { path: 'overview', lazy: async () => ({ Component: (await import('../features/overview/overview-page')).OverviewPage }) },
          { path: 'profile', lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }) },
          {
            path: 'prestige-and-vip',
            lazy: async () => ({ Component: (await import('../features/prestige/prestige-page')).PrestigePage }),
          },
          {
            path: 'utilities',
            lazy: async () => ({ Component: (await import('../features/utilities/utilities-section')).UtilitiesSection }),
            children: [
              { index: true, element: <Navigate to="/utilities/domain-list" replace /> },
              tab('domain-list', async () => ({ Component: (await import('../features/utilities/domain-list-page')).DomainListPage })),
              tab('password-reset', async () => ({
                Component: (await import('../features/utilities/password-reset-page')).PasswordResetPage,
              })),
              tab('membership-lookup', async () => ({
                Component: (await import('../features/utilities/membership-lookup-page')).MembershipLookupPage,
              })),
              tab('standards', async () => ({ Component: (await import('../features/utilities/standards-page')).StandardsPage })),
              tab('documentation', async () => ({
                Component: (await import('../features/utilities/documentation-page')).DocumentationPage,
              })),
            ],
          },
          {
            path: 'characters',
            lazy: async () => ({ Component: (await import('../features/characters/characters-section')).CharactersSection }),
            children: [
              { index: true, element: <Navigate to="/characters/list" replace /> },
              listTab(
                'list',
                async () => ({ Component: (await import('../features/characters/my-characters-page')).MyCharactersPage }),
                async () => ({ Component: (await import('../features/characters/character-detail-page')).CharacterDetailPage }),
              ),
              tab('vss-list', async () => ({
                Component: (await import('../features/characters/character-search-page')).CharacterSearchPage,
              })),
            ],
          },
          {
            path: 'storyteller',
            lazy: async () => ({ Component: (await import('../features/storyteller/storyteller-section')).StorytellerSection }),
            children: [
              { index: true, element: <Navigate to="/storyteller/vss-manager" replace /> },
              tab('stylesheet'),
              listTab('vss-manager'),
              tab('character-census'),
              listTab('approvals'),
              ...['plots', 'staff', 'reports', 'investigations'].map((path) =>
                tab(path, async () => ({ Component: (await import('../components/coming-soon')).ComingSoon })),
              ),
            ],
          },
          {
            path: 'coordinator',
            lazy: async () => ({ Component: (await import('../features/coordinator/coordinator-page')).CoordinatorPage }),
          },
          {
            path: 'administration',
            lazy: async () => ({ Component: (await import('../features/administration/administration-page')).AdministrationPage }),
          },
        ],
      },
    ],
  },
  // Unknown paths show 'Not found page': inside the shell when signed in, on its own otherwise.
  { path: '*', element: <NotFoundRoute /> },
];

export const router = createBrowserRouter(routes);
