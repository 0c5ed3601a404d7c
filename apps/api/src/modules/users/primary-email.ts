// A member's primary e-mail in SQL, for lists and the outbox (a file of its own: the outbox reads it, and the
// profile's save writes to the outbox).
import { sql } from 'drizzle-orm';
import { qualified, userEmails, users } from '../../db/index';

/**
 * The outer `users` row's primary e-mail (their first address), for lists and the outbox. The outer id is written
 * with its table, or this one-table select would compare the subquery's id with itself and give every row the first
 * e-mail of the society (issue 23).
 */
export const primaryEmailOfMember = sql<
  string | null
>`(select e.email from ${userEmails} e where e.id_user = ${qualified(users.id_user)} order by e.id_email limit 1)`;
