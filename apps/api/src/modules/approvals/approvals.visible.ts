// What a member may see of the Approvals list, in SQL: the twin of the policy's `canView` (approvals.policy.ts; the
// two are held equal by approvals.visibility.test.ts), its places, and what awaits them.
import { childDomains, type LocationLike } from '@guildhall/shared/rules/locations';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor';
import { anyOf, anyOfKeys, approvals, characters, type Db, type KeysWindow, locations } from '../../db/index';
import { listLocations } from '../locations/locations.service';
import { reachOf, reachesEverywhere } from './approvals.policy';

/** The places at and below any of `ids` (a subquery over the small locations table). */
export const placesUnder = (ids: number[]) => {
  const array = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  return sql`(select ${locations.id_location} from ${locations} where ${locations.id_location} = any(${array}) or coalesce(string_to_array(${locations.id_parent_location}, ',')::int[], '{}') && ${array})`;
};

// Per location list (the remembered one: the same array until a location changes) and reach.
const placesOfReach = new WeakMap<readonly LocationLike[], Map<string, readonly number[]>>();
function placesAtOrUnder(all: readonly LocationLike[], reach: readonly number[]): readonly number[] {
  let byReach = placesOfReach.get(all);
  if (!byReach) {
    byReach = new Map();
    placesOfReach.set(all, byReach);
  }
  const key = reach.join(',');
  let places = byReach.get(key);
  if (!places) {
    places = [...new Set([...reach, ...reach.flatMap((id) => childDomains(all, id).map((l) => l.id_location))])];
    byReach.set(key, places);
  }
  return places;
}

/** `me` is a member's id, or a placeholder of a prepared statement (the overview's), or `someMember`. */
type Me = number | SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>;
/**
 * The member of a prepared view behind a subquery, as a page's limit and offset are (decision 124): PostgreSQL plans
 * it once without knowing who asks and keeps that plan for everyone. Only for statements whose plan suits any member
 * (a total of or'ed approver indexes, `seenByLastChange`); planned for the member, others do better.
 */
export const someMember = sql`(select ${sql.placeholder('me')}::int)`;
/** The member's own characters, as a subquery (indexed by characters_user_idx). */
const ownCharacters = (me: Me) => sql`(select ${characters.id_character} from ${characters} where ${characters.id_user} = ${me})`;

/** The places a post reaches: values, or the placeholder of a prepared statement (an int array). */
type Places = readonly number[] | ReturnType<typeof sql.placeholder>;

/** Each approver of the chain and the level from which they see an application (the policy's `canView`). */
const APPROVERS_SEE_FROM = [
  [approvals.id_user_low, 0],
  [approvals.id_user_mid, 1],
  [approvals.id_user_high, 2],
  [approvals.id_user_global, 3],
] as const;

/**
 * SQL twin of `canView` (approvals.policy.ts) for `me` and the places their posts reach, one condition per way of
 * seeing an application, each on the approvals row alone (a total needs no join). The levels are written out, so the
 * approver indexes' predicates (approvals_*_update_idx) match them.
 */
function waysOfSeeing(me: Me, reached: Places | undefined): SQL[] {
  return [
    // The member's own characters as an array the statement reads first (an InitPlan), so this branch joins the
    // others in one BitmapOr on approvals_character_idx without a statement of its own.
    sql`${approvals.character_id} = any(array${ownCharacters(me)})`,
    ...APPROVERS_SEE_FROM.map(([approver, level]) =>
      level === 0 ? eq(approver, me) : and(eq(approver, me), sql`${approvals.level_reached} >= ${sql.raw(String(level))}`)!,
    ),
    ...(reached === undefined
      ? []
      : [Array.isArray(reached) ? anyOf(approvals.id_location, reached) : anyOfKeys(approvals.id_location, reached)]),
  ];
}
export const visibleWhere = (me: Me, reached: Places | undefined): SQL => or(...waysOfSeeing(me, reached))!;

/**
 * The keys of a page of what `me` sees by last change, without places (a venue storyteller, a player): each way of
 * seeing read in that order from its own index, up to the page's end, then merged. One plan serves the approver of ten
 * applications and the one of forty thousand alike, where the or'ed conditions must be planned for each member.
 * Aliased "approvals", so the list's order reads the merged rows.
 */
export function seenByLastChange(db: Db, me: Me, page: KeysWindow): PgSelect {
  const upTo = sql`${page.limit} + ${page.offset}`;
  const branches = waysOfSeeing(me, undefined).map(
    (where) =>
      sql`(${db
        .select({ id: approvals.id, update_date: approvals.update_date })
        .from(approvals)
        .where(where)
        .orderBy(...page.order)} limit ${upTo})`,
  );
  return db
    .select({ key: sql<number>`${approvals}.${sql.identifier('id')}` })
    .from(sql`(${sql.join(branches, sql` union `)}) as ${approvals}`)
    .$dynamic();
}

/** What the actor may see (built when a statement is), and the places at and below their posts. */
export type Visible = { where: (() => SQL) | undefined; reached: readonly number[] };

/**
 * What the actor may see: undefined for administrators and national posts; `reached`, the places at and below their posts (from the
 * remembered location list, not a statement of their own; approvals_location_idx), empty when they hold none.
 */
export async function visibleTo(db: Db, actor: Actor): Promise<Visible> {
  if (actor.isAdmin || reachesEverywhere(actor)) return { where: undefined, reached: [] };
  const reach = reachOf(actor);
  const reached = reach.length ? placesAtOrUnder(await listLocations(db), reach) : [];
  return { where: () => visibleWhere(actor.id_user, reached.length ? reached : undefined), reached };
}

/** Waiting at a level where the actor is the named approver (never their own character's). */
export function awaitingApprover(me: Me): SQL {
  return and(eq(approvals.awaiting_approver, me), sql`${approvals.character_id} not in ${ownCharacters(me)}`)!;
}
