// The overview's live figures (DESIGN §7), counted in one prepared SQL statement (issue 8: one round trip).
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { memberClass } from '@guildhall/shared/rules/member-class';
import { ancestorIds, domainCode, indexLocations, type LocationLike } from '@guildhall/shared/rules/locations';
import type { Overview } from '@guildhall/shared/schemas/overview';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { anyOfKeys, batchedByKey, type Db, oncePerDatabase, qualified, approvals, locations, users, venues } from '../../db/index';
import { awaitingApprover } from '../approvals/approvals.visible';
import { loadLadder } from '../prestige/prestige.service';
import { userNotFound } from '../users/users.service';

const STORYTELLER_ORDER = (Object.keys(POSITION_TYPES) as PositionType[]).filter((t) => POSITION_TYPES[t].role === 'storyteller');

// The member's tiles in one statement; for a storyteller, a second statement adds the VST counts and the location
// (with its ancestors) their position code is made of. Two statements rather than one with a flag: PostgreSQL can
// then keep one generic plan for each instead of planning the whole statement on every request, which cost twice
// its running (0.5 against 0.23 ms at 100,000 members). The MC ladder comes from memory (loadLadder). Members'
// figures asked for together are read by one statement (db/per-database.ts `batchedByKey`), each row's own member written out as
// "users"."id_user" (a one-table select leaves it unqualified, which inside a subquery would mean the subquery's).
const placeholder = sql.placeholder('id_user');
const eachMember = qualified(users.id_user);
const figuresOf = (member: SQL | typeof placeholder) => ({
  user_camnum: users.user_camnum,
  user_expiration: users.user_expiration,
  expired: sql<boolean>`coalesce(${users.user_expiration} < current_date, false)`,
  activeCharacters: sql<number>`(select count(*)::int from characters c where c.id_user = ${member} and c.character_status = 'Active')`,
  openApprovals: sql<number>`(select count(*)::int from approvals a join characters c on c.id_character = a.character_id where c.id_user = ${member} and a.status like 'Pending%')`,
  notifications: sql<number>`(select count(*)::int from notifications n where n.id_user = ${member} and n.read_at is null)`,
  totals: sql<{
    g: number;
    r: number;
    n: number;
  }>`(select json_build_object('g', coalesce(sum(p.prestige_general), 0), 'r', coalesce(sum(p.prestige_regional), 0), 'n', coalesce(sum(p.prestige_national), 0)) from prestige p where p.id_user = ${member})`,
});
const member = placeholder;
const memberFigures = figuresOf(member);
const storytellerFigures = {
  pcsOnVss: sql<number>`(select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${member} and c.being_reviewed = 'yes' and c.st_signed = 'yes')`,
  pcsPending: sql<number>`(select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${member} and c.being_reviewed = 'no')`,
  vssItems: sql<number>`(select count(*)::int from venue_items i join venues v on v.id_venue = i.id_venue where v.id_user_st = ${member})`,
  // DESIGN §7 'Pending Approvals (awaiting them)': the Approvals page's 'Awaiting me', one definition.
  pendingApprovals: sql<number>`(select count(*)::int from ${approvals} where ${awaitingApprover(member)})`,
  // The storyteller's place: their highest post's location, else their first venue's; with its ancestors.
  places: sql<LocationLike[] | null>`(
    select json_agg(json_build_object('id_location', l.id_location, 'location_code', l.location_code,
      'location_type', l.location_type, 'id_parent_location', l.id_parent_location))
    from ${locations} here join ${locations} l
      on l.id_location = here.id_location or l.id_location::text = any(string_to_array(replace(here.id_parent_location, ' ', ''), ','))
    where here.id_location = coalesce(${sql.placeholder('held_location')}::int,
      (select v.id_location from ${venues} v where v.id_user_st = ${member} order by v.id_venue limit 1))
  )`,
};
const statements = oncePerDatabase((db) => ({
  members: db
    .select({ id_user: users.id_user, ...figuresOf(eachMember) })
    .from(users)
    .where(anyOfKeys(users.id_user, sql.placeholder('ids')))
    .prepare('overviews'),
  storyteller: db
    .select({ ...memberFigures, ...storytellerFigures })
    .from(users)
    .where(eq(users.id_user, member))
    .prepare('overview_storyteller'),
}));

type StorytellerRow = Awaited<ReturnType<ReturnType<typeof statements>['storyteller']['execute']>>[number];
const memberFiguresOf = batchedByKey(
  async (db, ids: number[]) => new Map((await statements(db).members.execute({ ids })).map((row) => [row.id_user, row])),
);

export async function getOverview(db: Db, id_user: number, subject: Actor): Promise<Overview> {
  const vst = runsStories(subject);
  const held = vst ? highestStorytellerPost(subject) : undefined;
  const [found, ladder] = await Promise.all([
    vst
      ? statements(db)
          .storyteller.execute({ id_user, held_location: held?.id_location ?? null })
          .then((rows) => rows[0])
      : memberFiguresOf(db, id_user),
    loadLadder(db),
  ]);
  // A member's row lacks the storyteller's figures, which are only read when `vst`.
  const row = found as StorytellerRow | undefined;
  if (!row) throw userNotFound();
  const { mc } = memberClass(
    { total_general: Number(row.totals.g), total_regional: Number(row.totals.r), total_national: Number(row.totals.n) },
    ladder,
  );
  return {
    membership: { user_camnum: row.user_camnum, user_expiration: row.user_expiration, expired: Boolean(row.expired) },
    tiles: {
      mc,
      activeCharacters: Number(row.activeCharacters),
      openApprovals: Number(row.openApprovals),
      notifications: Number(row.notifications),
    },
    vst: vst
      ? {
          positionCode: positionCode(held?.pos_type ?? 'VST', held?.id_location, row.places ?? []),
          pcsOnVss: Number(row.pcsOnVss),
          pcsPending: Number(row.pcsPending),
          pendingApprovals: Number(row.pendingApprovals),
          vssItems: Number(row.vssItems),
        }
      : null,
  };
}

/** The VST panel is for members who run venues or hold a storyteller post (administrators as such do not). */
const runsStories = (subject: Actor) => subject.runsVenues || subject.positions.some((p) => STORYTELLER_ORDER.includes(p.pos_type));

const highestStorytellerPost = (subject: Actor) =>
  subject.positions
    .filter((p) => STORYTELLER_ORDER.includes(p.pos_type))
    .sort((a, b) => STORYTELLER_ORDER.indexOf(a.pos_type) - STORYTELLER_ORDER.indexOf(b.pos_type))[0];

/** The storyteller's highest post as a code, e.g. NE-004-DST; a venue storyteller's venue domain plus VST. */
function positionCode(pos_type: string, id_location: number | undefined, places: LocationLike[]): string {
  const byId = indexLocations(places);
  // The post's own location, or (a venue storyteller) the venue's: the one place that is no other's ancestor.
  const location =
    id_location !== undefined ? byId.get(id_location) : places.find((p) => !places.some((o) => ancestorIds(o).includes(p.id_location)));
  if (!location) return pos_type;
  return `${domainCode(location, byId)}-${pos_type}`;
}
