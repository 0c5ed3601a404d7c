// Decision 143: an open application whose awaited level is approved by its own player waits at the next level
// whose approver is someone else (a submission, a character moved onto its player's sheet, a post given to it).
import type { ApprovalLevel, ApprovalStatus } from '@guildhall/shared/constants';
import { levelIndex, pendingStatusOf } from '@guildhall/shared/rules/approval-workflow';
import { eq, sql } from 'drizzle-orm';
import { approvalEvents, approvals, type Tx } from '../../db/index';

/** An application moved past the level its player approves, with its event (decision 143). */
export async function passOver(tx: Tx, a: { id: number; status: ApprovalStatus }, level: ApprovalLevel, by: number) {
  const status = pendingStatusOf(level);
  await tx
    .update(approvals)
    .set({ status, level_reached: sql`greatest(${approvals.level_reached}, ${levelIndex(level)})`, level_since: sql`now()` })
    .where(eq(approvals.id, a.id));
  await tx
    .insert(approvalEvents)
    .values({ approval_id: a.id, id_user: by, from_status: a.status, to_status: status, note: 'Passed over: the player runs this level' });
}
