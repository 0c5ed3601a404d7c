// What the lists of characters share (SPEC §3): the SQL of the columns and sorts that more than one list reads.
import { sql } from 'drizzle-orm';
import { qualified } from '../../db/qualified';
import { approvals, characters, users, vssStatusOf } from '../../db/schema/index';

/** SQL twin of the shared rule characterVssStatus (SPEC §4), for sorting by the VSS column (characters_vss_sort_idx). */
export const vssStatusSql = vssStatusOf(characters);

export const appCount = sql<number>`(select count(*)::int from ${approvals} where ${approvals.character_id} = ${qualified(characters.id_character)})`;
export const playerName = sql<string>`trim(concat_ws(' ', ${users.user_fname}, ${users.user_lname}))`;

// By player: last name, then the member (users_lname_id_sort_idx walks both in order and each member's characters
// follow by id), so a page never sorts all the members who share a last name (issue 8).
export const byPlayer = [sql`lower(${users.user_lname})`, users.id_user] as const;
