// SPEC §2 Prestige & VIP: membership overview with live MC, VIP and what the next MC needs; the
// recommendation form for staff; the prestige record. `?member=ID` shows another member's record to those
// DESIGN §5 allows (the API decides).
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MembershipCard } from '../../components/membership-card';
import { navIcons } from '../../components/nav-icons';
import { SectionPage } from '../../components/section-page';
import { useCan } from '../../lib/abilities';
import { useAuth } from '../../lib/auth';
import { useDomain } from '../../lib/queries';
import { aggregatesQuery, domainPositionsQuery } from '../../lib/queries';
import { useMember } from './api';
import { PrestigeRecord } from './prestige-record';
import styles from './prestige.module.css';
import { RecommendationForm } from './recommendation-form';

export function PrestigePage() {
  const { user } = useAuth();
  const mayRecommend = useCan('prestige.recommend');
  const mayAwardSelf = useCan('prestige.awardSelf');
  const [params] = useSearchParams();
  const asked = Number(params.get('member'));
  const memberId = Number.isInteger(asked) && asked > 0 ? asked : (user?.id_user ?? 0);
  const other = user !== null && memberId !== user.id_user;
  const otherMember = useMember(memberId, other);
  const subject = other ? otherMember.data : user;
  const aggregates = useQuery({ ...aggregatesQuery(memberId), enabled: memberId > 0 });
  const positions = useQuery({ ...domainPositionsQuery(subject?.id_location ?? null), enabled: Boolean(subject) });
  const domain = useDomain(subject?.id_location);
  if (!user) return null;
  return (
    <SectionPage heading="PRESTIGE & VIP" icon={navIcons('prestige').active}>
      {other && otherMember.isError ? <p role="alert">{otherMember.error.message}</p> : null}
      <div className={styles.layout}>
        <div className={styles.column}>
          {subject && aggregates.data ? (
            <>
              <MembershipCard user={subject} totals={aggregates.data} domainCode={domain?.domain_code} positions={positions.data} />
              <section className={styles.panel} aria-labelledby="next-mc">
                <h2 id="next-mc">
                  {aggregates.data.next ? `Still needed for MC ${aggregates.data.next.mc}` : 'Highest member class reached'}
                </h2>
                {aggregates.data.next ? (
                  <dl className={styles.next}>
                    <div>
                      <dt>G</dt>
                      <dd>{aggregates.data.next.general}</dd>
                    </div>
                    <div>
                      <dt>R</dt>
                      <dd>{aggregates.data.next.regional}</dd>
                    </div>
                    <div>
                      <dt>N</dt>
                      <dd>{aggregates.data.next.national}</dd>
                    </div>
                  </dl>
                ) : null}
              </section>
            </>
          ) : aggregates.isError ? (
            <p role="alert">{aggregates.error.message}</p>
          ) : (
            <p aria-busy="true">Loading the prestige totals…</p>
          )}
        </div>
        {mayRecommend ? (
          <div className={styles.column}>
            <RecommendationForm selfId={user.id_user} maySelf={mayAwardSelf} />
          </div>
        ) : null}
      </div>
      {memberId > 0 ? <PrestigeRecord userId={memberId} /> : null}
    </SectionPage>
  );
}
