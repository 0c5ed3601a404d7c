// A person's name as the lists show it: first and last name (`fullName`), or, where an empty one means nobody (a
// deleted author's), null instead (`personName`).
import { type AnyColumn, sql } from 'drizzle-orm';

type Person = { user_fname: AnyColumn; user_lname: AnyColumn };

export const fullName = (person: Person) => sql<string>`trim(concat_ws(' ', ${person.user_fname}, ${person.user_lname}))`;

export const personName = (person: Person) => sql<string | null>`nullif(${fullName(person)}, '')`;
