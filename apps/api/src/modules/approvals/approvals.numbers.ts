// An application's number (DESIGN §6): the player's domain code and that domain's next sequence.
import { appNumber } from '@guildhall/shared/rules/app-number';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { and, eq, like, sql } from 'drizzle-orm';
import { appNumberCounters, approvals, type Tx } from '../../db/index';

/**
 * The domain's number `next`, unless an application already has it (its domain was given a code another domain's
 * numbers used): then the one after the highest taken for that code, kept as the domain's counter. The counter's
 * row is held by the bump that gave `next`, so concurrent submissions still never collide.
 */
export async function freeAppNumber(tx: Tx, id_location: number, code: string, next: number): Promise<string> {
  const [taken] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(eq(approvals.app_number, appNumber(code, next)));
  if (!taken) return appNumber(code, next);
  const prefix = `${code}-`;
  // The digits after the prefix (substr: bound in `substring(… from $1)`, the position would be taken for a pattern).
  const sequence = sql`substr(${approvals.app_number}, ${prefix.length + 1}::int)`;
  const [highest] = await tx
    .select({ n: sql<string | null>`max(${sequence}::bigint)` })
    .from(approvals)
    .where(and(like(approvals.app_number, `${escapeLike(prefix)}%`), sql`${sequence} ~ '^[0-9]+$'`));
  const last = Math.max(next, Number(highest?.n ?? 0)) + 1;
  await tx.update(appNumberCounters).set({ last_number: last }).where(eq(appNumberCounters.id_location, id_location));
  return appNumber(code, last);
}
