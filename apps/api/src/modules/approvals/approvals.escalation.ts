// DESIGN §6 escalation: an application waiting longer than the configured days at one level is escalated once —
// the next level's approver and the domain coordinator are told. The check runs on a timer inside each API
// process; a unique row per (application, status, time it reached that level) makes it happen once however
// many processes run it.
import { OPEN_APPROVAL_STATUSES, escalationLevelOf, overdueCutoff } from '@guildhall/shared/rules/approval-workflow';
import { ancestorIds } from '@guildhall/shared/rules/locations';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COORDINATOR_TYPES } from '../../auth/scope';
import { every } from '../../operations/every';
import { approvalEscalations, approvals, characters, positions, type Db, type Tx } from '../../db/index';
import { noticeSubject, notify, noticesTransaction } from '../notifications/notifications.service';
import { joinedWithPlace, venuePlaces } from './approvals.rows';
import { approvalLink } from './approvals.notices';

const BATCH = 200;

/** The coordinators of the nearest place (the venue's domain, else the closest place above it) that has any. */
async function coordinatorsOf(tx: Tx, id_location: number | null, ancestors: string | null): Promise<number[]> {
  if (id_location === null) return [];
  const places = [id_location, ...ancestorIds({ id_parent_location: ancestors }).reverse()];
  const posts = await tx
    .select({ id_user: positions.id_user, id_location: positions.id_location })
    .from(positions)
    .where(and(inArray(positions.id_location, places), inArray(positions.pos_type, COORDINATOR_TYPES)));
  for (const place of places) {
    const here = posts.filter((p) => p.id_location === place && p.id_user !== null).map((p) => p.id_user!);
    if (here.length) return here;
  }
  return [];
}

// An escalation records the clock as JavaScript read it (milliseconds); now() keeps microseconds.
const escalationOfThisLevel = and(
  eq(approvalEscalations.approval_id, approvals.id),
  eq(approvalEscalations.status, approvals.status),
  eq(approvalEscalations.level_since, sql`date_trunc('milliseconds', ${approvals.level_since})`),
);
const overdueAndWaiting = (cutoff: Date) =>
  and(inArray(approvals.status, [...OPEN_APPROVAL_STATUSES]), lt(approvals.level_since, cutoff), isNull(approvalEscalations.id));

/** How many open applications are overdue at `now` and not yet escalated (the metrics' escalation queue). */
export async function overdueWaiting(db: Db, opts: { now: Date; escalationDays: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvals)
    .leftJoin(approvalEscalations, escalationOfThisLevel)
    .where(overdueAndWaiting(overdueCutoff(opts.now, opts.escalationDays)));
  return row?.n ?? 0;
}

/** Escalates every open application overdue at `now`; returns how many this call escalated. */
export async function escalateOverdue(db: Db, opts: { now: Date; escalationDays: number; batch?: number }): Promise<number> {
  const cutoff = overdueCutoff(opts.now, opts.escalationDays);
  const candidates = db
    .select({
      id: approvals.id,
      status: approvals.status,
      level_since: approvals.level_since,
      app_number: approvals.app_number,
      description: approvals.description,
      owner: characters.id_user,
      character_name: characters.character_name,
      Mid: approvals.id_user_mid,
      High: approvals.id_user_high,
      Top: approvals.id_user_global,
      id_location: venuePlaces.id_location,
      ancestors: venuePlaces.id_parent_location,
    })
    .from(approvals)
    .$dynamic();
  const due = await joinedWithPlace(candidates)
    .leftJoin(approvalEscalations, escalationOfThisLevel)
    .where(overdueAndWaiting(cutoff))
    .orderBy(approvals.level_since)
    .limit(opts.batch ?? BATCH);
  let escalated = 0;
  for (const a of due) {
    const done = await noticesTransaction(db, async (tx) => {
      // Only the process whose row lands escalates; the others' inserts do nothing.
      const [row] = await tx
        .insert(approvalEscalations)
        .values({ approval_id: a.id, status: a.status, level_since: a.level_since, escalated_at: opts.now })
        .onConflictDoNothing()
        .returning({ id: approvalEscalations.id });
      if (!row) return false;
      const level = escalationLevelOf(a.status);
      const next = level === 'Mid' ? a.Mid : level === 'High' ? a.High : level === 'Top' ? a.Top : null;
      const told = [next, ...(await coordinatorsOf(tx, a.id_location, a.ancestors))].filter((id) => id !== a.owner);
      const days = Math.floor((opts.now.getTime() - a.level_since.getTime()) / 86_400_000);
      await notify(tx, told, {
        kind: 'approval',
        message: `Application ${a.app_number} (${a.description}) for ${a.character_name} has waited ${days} days at ${a.status} and is overdue.`,
        link: approvalLink(a.id),
        subject: noticeSubject('approval', a.id),
      });
      return true;
    });
    if (done) escalated++;
  }
  return escalated;
}

/** Runs the check every `minutes` in this process (none when 0); stops when the app closes. */
export function scheduleEscalation(app: FastifyInstance, opts: { minutes: number; escalationDays: number; now?: () => Date }) {
  every(app, opts.minutes, 'approval escalation check', async () => {
    const n = await escalateOverdue(app.deps.db, { now: (opts.now ?? (() => new Date()))(), escalationDays: opts.escalationDays });
    if (n) {
      app.metrics.escalated.inc(n);
      app.log.info({ escalated: n }, 'overdue applications escalated');
    }
  });
}
