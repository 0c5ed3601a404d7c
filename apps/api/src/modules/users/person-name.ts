// A person's name as the lists show it: first and last name, or null when both are empty (a deleted author's).
import { type AnyColumn, sql } from 'drizzle-orm';

export const personName = (person: { user_fname: AnyColumn; user_lname: AnyColumn }) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${person.user_fname}, ${person.user_lname})), '')`;
