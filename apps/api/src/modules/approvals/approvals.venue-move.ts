// An application's Low approver is the storyteller of its character's style sheet (DESIGN §6). When the character
// moves to another sheet its open applications follow, so a post's change of hands (positions.admin.ts) finds them
// by the character's venue; Mid and above stay with the place it was submitted at.
import { CHAIN_COLUMN, firstAwaitedLevel, OPEN_APPROVAL_STATUSES } from '@guildhall/shared/rules/approval-workflow';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { approvalEvents, approvals, type Tx } from '../../db/index';
import { noticeSubject, resolveNotices, type NoticeTx } from '../notifications/notifications.service';
import { passOver } from './approvals.pass-over';
import { tellAwaitingApprover } from './approvals.notices';

export async function followCharacterToVenue(
  tx: NoticeTx,
  character: { id_character: number; name: string; owner: number },
  venue: { st: number | null; name: string },
  by: number,
): Promise<void> {
  const open = await tx
    .select({
      id: approvals.id,
      status: approvals.status,
      app_number: approvals.app_number,
      description: approvals.description,
      id_user_mid: approvals.id_user_mid,
      id_user_high: approvals.id_user_high,
      id_user_global: approvals.id_user_global,
    })
    .from(approvals)
    .where(
      and(
        eq(approvals.character_id, character.id_character),
        inArray(approvals.status, [...OPEN_APPROVAL_STATUSES]),
        sql`${approvals.id_user_low} is distinct from ${venue.st}`,
      ),
    )
    .for('update');
  if (open.length === 0) return;
  await tx
    .update(approvals)
    .set({ id_user_low: venue.st })
    .where(
      inArray(
        approvals.id,
        open.map((a) => a.id),
      ),
    );
  const note = `Approver changed: the character moved to ${venue.name}`;
  await tx
    .insert(approvalEvents)
    .values(open.map((a) => ({ approval_id: a.id, id_user: by, from_status: a.status, to_status: a.status, note })));
  // Those waiting at Low now wait for the new sheet's storyteller (or, on a sheet the player runs, the first level
  // they do not approve: decision 143); the former one's notices about them are done.
  for (const a of open.filter((a) => a.status === 'Pending Low')) {
    await resolveNotices(tx, noticeSubject('approval', a.id));
    const chain = { id_user_low: venue.st, id_user_mid: a.id_user_mid, id_user_high: a.id_user_high, id_user_global: a.id_user_global };
    const first = firstAwaitedLevel({ Low: venue.st, Mid: a.id_user_mid, High: a.id_user_high, Top: a.id_user_global }, character.owner);
    if (first !== 'Low') await passOver(tx, a, first, by);
    const approver = chain[CHAIN_COLUMN[first]];
    if (approver === null || approver === character.owner) continue;
    await tellAwaitingApprover(tx, approver, a, character.name);
  }
}
