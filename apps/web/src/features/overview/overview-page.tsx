// SPEC §2 Overview with DESIGN §7's live figures: the membership panel, the storyteller's VST panel and the
// Membership Overview card (hidden when the prestige totals cannot be loaded).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GamesList } from '../../components/games-list';
import { isExpired, MembershipCard } from '../../components/membership-card';
import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';
import { TilePanel } from '../../components/tiles';
import { useAuth } from '../../lib/auth';
import { useDomain } from '../../lib/queries';
import { aggregatesQuery, domainPositionsQuery, overviewQuery } from '../../lib/queries';
import styles from './overview.module.css';
import { formatDate } from '../../lib/format';

export function OverviewPage() {
  const { user } = useAuth();
  return (
    <SectionPage heading="OVERVIEW" icon={navIcons('overview').active}>
      {user ? <OverviewContent userId={user.id_user} /> : null}
    </SectionPage>
  );
}

function OverviewContent({ userId }: { userId: number }) {
  const { user } = useAuth();
  const overview = useQuery(overviewQuery(userId));
  const aggregates = useQuery(aggregatesQuery(userId));
  const positions = useQuery(domainPositionsQuery(user?.id_location ?? null));
  const domain = useDomain(user?.id_location);
  if (!user) return null;
  const data = overview.data;
  // The member's own record already holds the number and expiry: the panel shows them at once, and its figures
  // when the overview answers.
  const membership = data?.membership ?? user;
  const figure = (value: number | undefined) => value ?? '…';
  return (
    <div className={styles.layout}>
      <div className={styles.panels}>
        {overview.isError ? (
          <p role="alert">The overview could not be loaded: {overview.error.message}</p>
        ) : (
          <>
            <TilePanel
              headingId="membership-panel"
              busy={!data}
              headings={[
                `Membership # ${membership.user_camnum}`,
                `Expires ${formatDate(membership.user_expiration)}${isExpired(membership.user_expiration) ? ' (expired)' : ''}`,
              ]}
              tiles={[
                { label: 'MC', value: figure(data?.tiles.mc) },
                { label: 'Active Characters', value: figure(data?.tiles.activeCharacters) },
                { label: 'OpenApprovals', value: figure(data?.tiles.openApprovals) },
                { label: 'Notification', value: figure(data?.tiles.notifications) },
              ]}
            />
            {data?.vst ? (
              <TilePanel
                headingId="vst-panel"
                headings={['VST', data.vst.positionCode]}
                tiles={[
                  { label: "PC's ON VSS", value: data.vst.pcsOnVss },
                  { label: "PC's Pending", value: data.vst.pcsPending },
                  { label: 'Pending Approvals', value: data.vst.pendingApprovals },
                  { label: 'VSS Items', value: data.vst.vssItems },
                ]}
              />
            ) : null}
          </>
        )}
        <section className={styles.games} aria-labelledby="next-games">
          <h2 id="next-games">Next games</h2>
          <GamesList
            after={!overview.isPending}
            query={{ mine: 'yes', count: 3 }}
            label="Next games"
            empty="You have not signed up for a game yet."
          />
          <Link to="/games">All games</Link>
        </section>
      </div>
      {aggregates.data ? (
        <MembershipCard user={user} totals={aggregates.data} domainCode={domain?.domain_code} positions={positions.data} />
      ) : null}
    </div>
  );
}
