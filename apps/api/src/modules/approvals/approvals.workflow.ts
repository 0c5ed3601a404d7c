// DESIGN §6 use-cases: approve, deny, remove and update an application. Each is one transaction: a conditional
// UPDATE … WHERE status = the status the caller saw (so of two simultaneous actions one changes it and the
// other gets 409), the event, the notifications and, for an administrator's override, the audit entry.
import type { ApprovalCategory, ApprovalLevel, ApprovalStatus } from '@guildhall/shared/constants';
import {
  approverOf,
  capacityOf,
  levelOf,
  levelReached,
  requiredLevelChoices,
  statusAfterApproveFor,
} from '@guildhall/shared/rules/approval-workflow';
import type { z } from 'zod';
import type { approvalActionSchema, approvalDenySchema, approvalUpdateSchema } from '@guildhall/shared/schemas/approvals';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { approvalEvents, approvals, characters, type Db } from '../../db/index';
import { writeAudit } from '../audit/audit.service';
import { noticeSubject, notify, resolveNotices, noticesTransaction } from '../notifications/notifications.service';
import { approvalsErrors } from './approvals.errors';
import { type ApprovalPolicyAction, type ApprovalRecord, approvalsPolicy, approverFacts } from './approvals.policy';
import { tellAwaitingApprover } from './approvals.notices';
import { approvalRecord } from './approvals.service';

type ActionInput = z.infer<typeof approvalActionSchema>;
type DenyInput = z.infer<typeof approvalDenySchema>;
type UpdateInput = z.infer<typeof approvalUpdateSchema>;

const CHAIN_COLUMNS = [
  ['Low', approvals.id_user_low],
  ['Mid', approvals.id_user_mid],
  ['High', approvals.id_user_high],
  ['Top', approvals.id_user_global],
] as const;

interface Change {
  to?: ApprovalStatus;
  category?: ApprovalCategory;
  required_approval?: ApprovalLevel;
  note: string | null;
  /** An administrator's status override: audited. */
  override?: boolean;
}

/** The caller saw `expectedStatus`; if the application moved on since, 409 before anything else is decided. */
async function load(db: Db, actor: Actor, id: number, expectedStatus: ApprovalStatus, action: ApprovalPolicyAction) {
  const record = await approvalRecord(db, id);
  await approvalsPolicy.assert(db, actor, 'view', record);
  if (record.status !== expectedStatus) throw approvalsErrors.stale(record.status);
  await approvalsPolicy.assert(db, actor, action, record);
  return record;
}

async function apply(db: Db, actor: Actor, record: ApprovalRecord, change: Change): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    const moved = change.to !== undefined && change.to !== record.status;
    const to = change.to ?? record.status;
    const [row] = await tx
      .update(approvals)
      .set({
        update_date: sql`now()`,
        updated_by: actor.id_user,
        ...(change.category ? { category: change.category } : {}),
        ...(change.required_approval ? { required_approval: change.required_approval } : {}),
        ...(moved ? { status: to, level_reached: levelReached(record.level_reached, to) } : {}),
        ...(moved && levelOf(to) ? { level_since: sql`now()` } : {}),
      })
      .where(
        and(
          eq(approvals.id, record.id),
          eq(approvals.status, record.status),
          eq(approvals.required_approval, record.required_approval),
          // The chain the caller's right was checked against: a post reassigned meanwhile makes this a 409.
          ...CHAIN_COLUMNS.map(([level, column]) => (record.chain[level] === null ? isNull(column) : eq(column, record.chain[level]))),
        ),
      )
      .returning({
        app_number: approvals.app_number,
        description: approvals.description,
        category: approvals.category,
        character_id: approvals.character_id,
        low: approvals.id_user_low,
        mid: approvals.id_user_mid,
        high: approvals.id_user_high,
        top: approvals.id_user_global,
      });
    if (!row) {
      const [now] = await tx.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, record.id));
      throw now ? approvalsErrors.stale(now.status) : approvalsErrors.notFound();
    }
    await tx
      .insert(approvalEvents)
      .values({ approval_id: record.id, id_user: actor.id_user, from_status: record.status, to_status: to, note: change.note });
    if (change.override) {
      await writeAudit(tx, {
        by: actor.id_user,
        action: 'approval.override',
        entity: 'approval',
        entityId: record.id,
        before: { status: record.status },
        after: { status: to },
        note: change.note,
      });
    }
    if (!moved) return;
    // It left the level its approvers were asked to review: their notices (and escalations) are done.
    await resolveNotices(tx, noticeSubject('approval', record.id));
    const [character] = await tx
      .select({ name: characters.character_name })
      .from(characters)
      .where(eq(characters.id_character, row.character_id));
    const name = character?.name ?? '';
    if (record.owner !== actor.id_user) {
      const reason = to === 'Denied' && change.note ? `: ${change.note}` : '.';
      await notify(tx, [record.owner], {
        kind: 'approval',
        message: `Your application ${row.app_number} (${row.description}) for ${name} is now ${to}${reason}`,
        link: `/characters/list/${row.character_id}`,
      });
    }
    const next = approverOf(to, { Low: row.low, Mid: row.mid, High: row.high, Top: row.top });
    if (next !== null && next !== actor.id_user && next !== record.owner) {
      await tellAwaitingApprover(tx, next, { id: record.id, app_number: row.app_number, description: row.description }, name);
    }
  });
}

export async function approveApproval(db: Db, actor: Actor, id: number, input: ActionInput) {
  const record = await load(db, actor, id, input.expectedStatus, 'approve');
  const capacity = capacityOf(approverFacts(actor, record), record)!;
  const to = statusAfterApproveFor(record, capacity);
  const note = input.comment || (capacity === 'assistant' ? 'Approved by an assistant: moved up.' : null);
  await apply(db, actor, record, { to, note });
}

export async function denyApproval(db: Db, actor: Actor, id: number, input: DenyInput) {
  const record = await load(db, actor, id, input.expectedStatus, 'deny');
  await apply(db, actor, record, { to: 'Denied', note: input.comment });
}

export async function removeApproval(db: Db, actor: Actor, id: number, input: ActionInput) {
  const record = await load(db, actor, id, input.expectedStatus, 'remove');
  await apply(db, actor, record, { to: 'Removed', note: input.comment || null });
}

/** Category and required level (the current approver, or an administrator); the status (administrators, with a comment). */
export async function updateApproval(db: Db, actor: Actor, id: number, input: UpdateInput) {
  const record = await approvalRecord(db, id);
  await approvalsPolicy.assert(db, actor, 'view', record);
  if (record.status !== input.expectedStatus) throw approvalsErrors.stale(record.status);
  const [current] = await db.select({ category: approvals.category }).from(approvals).where(eq(approvals.id, id));
  const category = input.category && input.category !== current!.category ? input.category : undefined;
  const required = input.required_approval && input.required_approval !== record.required_approval ? input.required_approval : undefined;
  const status = input.status && input.status !== record.status ? input.status : undefined;
  if (!category && !required && !status) throw approvalsErrors.nothingToChange();
  if (category || required) await approvalsPolicy.assert(db, actor, 'edit', record);
  if (status) await approvalsPolicy.assert(db, actor, 'setStatus', record);
  if (required && !requiredLevelChoices(record.status, actor.isAdmin).includes(required)) throw approvalsErrors.levelBelowCurrent();
  const what = [
    category ? `Category: ${current!.category} → ${category}` : null,
    required ? `Required approval: ${record.required_approval} → ${required}` : null,
  ].filter(Boolean);
  const note = [...what, input.comment].filter(Boolean).join('. ') || null;
  await apply(db, actor, record, { to: status, category, required_approval: required, note, override: Boolean(status) });
}
