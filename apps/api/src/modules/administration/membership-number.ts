// DESIGN §10 membership numbers: the country code of the home domain's top region, the year the member joined and a
// six-digit sequence (the demo's US2020900001), assigned by the server when POST /users gives none.
import { LOCATION_TYPE, US_LOCATION_CODE } from '@guildhall/shared/constants';
import { ancestorIds, type LocationLike } from '@guildhall/shared/rules/locations';
import { and, inArray, like, sql } from 'drizzle-orm';
import { locations, users, type Tx } from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';

const SEQUENCE_DIGITS = 6;

/** The country code of a home domain: US below the US, otherwise its region's (type 2) code. */
export function countryCodeOf(home: LocationLike, ancestors: readonly LocationLike[]): string {
  const line = [...ancestors, home];
  if (line.some((l) => l.location_code === US_LOCATION_CODE)) return US_LOCATION_CODE;
  const region = line.find((l) => l.location_type === LOCATION_TYPE.REGION) ?? line.find((l) => l.location_type > LOCATION_TYPE.ROOT);
  return (region ?? home).location_code.toUpperCase();
}

/**
 * Creating members takes turns (one transaction-scoped lock), so two at once never read the same last number, and
 * a number an administrator gives is checked against one assigned at the same moment. Members are created by hand:
 * the queue is never long.
 */
export async function takeMembershipNumberTurn(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('guildhall.membership-number'))`);
}

/** The society's next number for a member joining today at `home` (call within the turn). */
export async function nextMembershipNumber(tx: Tx, home: LocationLike): Promise<string> {
  const ids = ancestorIds(home);
  const ancestors = ids.length ? await tx.select().from(locations).where(inArray(locations.id_location, ids)) : [];
  const prefix = `${countryCodeOf(home, ancestors)}${new Date().getUTCFullYear()}`;
  // Numbers of one prefix and length sort as text the way their sequences sort as numbers.
  const [last] = await tx
    .select({ n: sql<string | null>`max(${users.user_camnum})` })
    .from(users)
    .where(and(like(users.user_camnum, `${escapeLike(prefix)}%`), sql`${users.user_camnum} ~ ${`^${prefix}[0-9]{${SEQUENCE_DIGITS}}$`}`));
  const sequence = last?.n ? Number(last.n.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}
