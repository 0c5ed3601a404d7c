// Issue 26 (GDPR Art. 15 and 17): what the portal holds about a member without their id in an id_user column: the
// audit rows about them (entity 'user', their id: what was set, an administrator's note) and the rows kept under
// their e-mail addresses (failed sign-ins, with the network they came from; an address's bounce marks). The
// download hands these over and the erasure deletes or strips them, both by the conditions here.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditLog, type Db, mailAddressMarks, signInFailures, type Tx, userEmails } from '../../db/index';

/** The audit rows about the member (those they wrote carry their id in id_user). */
export const auditAbout = (id_user: number) => sql`${auditLog.entity} = 'user' and ${auditLog.entity_id} = ${String(id_user)}`;

/** Tables whose rows are kept under an e-mail address, not a member. */
export const HELD_BY_ADDRESS = [signInFailures, mailAddressMarks] as const;

/** The rows of such a table under one of `emails`, case aside (a sign-in's address is kept in lower case). */
export const byAddress = (table: (typeof HELD_BY_ADDRESS)[number], emails: readonly string[]) =>
  inArray(
    sql`lower(${table.email})`,
    emails.map((e) => e.toLowerCase()),
  );

export async function memberEmails(db: Db | Tx, id_user: number): Promise<string[]> {
  const rows = await db.select({ email: userEmails.email }).from(userEmails).where(eq(userEmails.id_user, id_user));
  return rows.map((r) => r.email);
}

/** Whether `table` holds rows about members that no id column of theirs finds. */
export const holdsAbout = (table: PgTable) => table === auditLog || (HELD_BY_ADDRESS as readonly PgTable[]).includes(table);

/** The conditions that find, in `table`, the rows about the member beyond their id columns. */
export function heldAbout(table: PgTable, id_user: number, emails: readonly string[]): SQL[] {
  if (table === auditLog) return [auditAbout(id_user)];
  const keyed = HELD_BY_ADDRESS.find((t) => t === table);
  return keyed && emails.length ? [byAddress(keyed, emails)] : [];
}
