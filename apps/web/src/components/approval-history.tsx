// An application's clock and history (DESIGN §6), shown alike to approvers (Approval detail) and to the player
// (the Applications panel): who moved it, from what to what, with their note, and how long it has waited.
import { isOpenStatus, waitingDays } from '@guildhall/shared/rules/approval-workflow';
import type { ApprovalClock, ApprovalEvent } from '@guildhall/shared/schemas/approvals';
import type { ApprovalStatus } from '@guildhall/shared/constants';
import { formatDate } from '../lib/format';
import styles from './approval-history.module.css';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** "3 days" at the current level, or "—" once closed. */
export function waitingText(status: ApprovalStatus, levelSince: string, now = new Date()): string {
  return isOpenStatus(status) ? days(waitingDays(levelSince, now)) : '—';
}

export function OverdueMarker() {
  return (
    <span className={styles.overdue} title="Waiting longer than the limit at this level">
      Overdue
    </span>
  );
}

export function ApprovalClockLine({ status, clock }: { status: ApprovalStatus; clock: ApprovalClock }) {
  if (!isOpenStatus(status)) return <p className={styles.clock}>Closed: {status}.</p>;
  return (
    <p className={styles.clock}>
      Waiting {days(clock.waiting_days)} at {status} (since {formatDate(clock.level_since)}; limit {clock.limit_days} days).{' '}
      {clock.overdue ? <OverdueMarker /> : null}
      {clock.escalated_at ? ` Escalated on ${formatDate(clock.escalated_at)}.` : null}
    </p>
  );
}

export function ApprovalHistory({ events, label }: { events: ApprovalEvent[]; label: string }) {
  if (events.length === 0) return <p>No result</p>;
  return (
    <ol className={styles.history} aria-label={label}>
      {events.map((e) => (
        <li key={e.id}>
          <span className={styles.when}>{formatDate(e.at)}</span>{' '}
          <strong>{e.from_status && e.from_status !== e.to_status ? `${e.from_status} → ${e.to_status}` : e.to_status}</strong>
          {e.name ? ` by ${e.name}` : null}
          {e.note ? <q className={styles.note}>{e.note}</q> : null}
        </li>
      ))}
    </ol>
  );
}
