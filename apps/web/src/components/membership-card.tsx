// SPEC §2 'Membership Overview' profile card: photo, name line, membership facts, prestige counts, domain and
// the domain's position holders. Used on the overview and on Prestige & VIP.
import { fullName, initials } from '@guildhall/shared/rules/person-name';
import type { Position } from '@guildhall/shared/schemas/overview';
import type { PrestigeAggregates } from '@guildhall/shared/schemas/prestige';
import type { User } from '@guildhall/shared/schemas/user';
import styles from './membership-card.module.css';
import { formatDate } from '../lib/format';

export function isExpired(expiration: string | null, today = new Date().toISOString().slice(0, 10)) {
  return Boolean(expiration && expiration < today);
}

export function MembershipCard({
  user,
  totals,
  domainCode,
  positions,
}: {
  user: User;
  totals: PrestigeAggregates;
  domainCode: string | undefined;
  positions: Position[] | undefined;
}) {
  const expired = isExpired(user.user_expiration);
  return (
    <section className={styles.card} aria-labelledby="membership-card-heading">
      <h2 id="membership-card-heading">Membership Overview</h2>
      <div className={styles.top}>
        <div className={styles.avatar} role="img" aria-label={`Photo of ${fullName(user)}`}>
          {initials(user)}
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>Name</dt>
            <dd>{fullName(user)}</dd>
          </div>
          <div>
            <dt>Membership #</dt>
            <dd>{user.user_camnum}</dd>
          </div>
          <div>
            <dt>Membership Type</dt>
            <dd>{user.user_type}</dd>
          </div>
          <div>
            <dt>Membership Expires</dt>
            <dd>
              {formatDate(user.user_expiration)}
              {expired ? <span className={styles.expired}>Expired</span> : null}
            </dd>
          </div>
          <div>
            <dt>Domain</dt>
            <dd>{domainCode ?? '—'}</dd>
          </div>
        </dl>
      </div>
      <dl className={styles.counts} aria-label="Prestige">
        {(
          [
            ['MC', totals.mc],
            ['G', totals.total_general],
            ['R', totals.total_regional],
            ['N', totals.total_national],
            ['VIP', totals.total_vip],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subheading}>Positions</h3>
      {positions && positions.length > 0 ? (
        <ul className={styles.positions}>
          {positions.map((p) => (
            <li key={p.id_position}>
              <span>
                {p.pos_title}
                {p.tbl_venue ? ` · ${p.tbl_venue.venue_name}` : ''}
              </span>
              <span className={styles.holder}>{p.tbl_user?.user_camnum ?? 'Vacant'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No result</p>
      )}
    </section>
  );
}
