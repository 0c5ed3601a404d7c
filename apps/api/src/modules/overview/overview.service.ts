// The overview's live figures (DESIGN §7), counted in one SQL statement.
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { memberClass } from '@guildhall/shared/rules/member-class';
import { ancestorIds, domainCode, indexLocations } from '@guildhall/shared/rules/locations';
import type { Overview } from '@guildhall/shared/schemas/overview';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { approvals, locations, users, venues } from '../../db/schema/index';
import { awaitingApprover } from '../approvals/approvals.service';
import { loadLadder } from '../prestige/prestige.service';
import { userNotFound } from '../users/users.service';

const STORYTELLER_ORDER = (Object.keys(POSITION_TYPES) as PositionType[]).filter((t) => POSITION_TYPES[t].role === 'storyteller');

export async function getOverview(db: Db, id_user: number, subject: Actor): Promise<Overview> {
  const [row] = await db
    .select({
      user_camnum: users.user_camnum,
      user_expiration: users.user_expiration,
      expired: sql<boolean>`coalesce(${users.user_expiration} < current_date, false)`,
      activeCharacters: sql<number>`(select count(*)::int from characters c where c.id_user = ${id_user} and c.character_status = 'Active')`,
      openApprovals: sql<number>`(select count(*)::int from approvals a join characters c on c.id_character = a.character_id where c.id_user = ${id_user} and a.status like 'Pending%')`,
      notifications: sql<number>`(select count(*)::int from notifications n where n.id_user = ${id_user} and n.read_at is null)`,
      total_general: sql<number>`(select coalesce(sum(p.prestige_general), 0)::int from prestige p where p.id_user = ${id_user})`,
      total_regional: sql<number>`(select coalesce(sum(p.prestige_regional), 0)::int from prestige p where p.id_user = ${id_user})`,
      total_national: sql<number>`(select coalesce(sum(p.prestige_national), 0)::int from prestige p where p.id_user = ${id_user})`,
      pcsOnVss: sql<number>`(select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${id_user} and c.being_reviewed = 'yes' and c.st_signed = 'yes')`,
      pcsPending: sql<number>`(select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${id_user} and c.being_reviewed = 'no')`,
      vssItems: sql<number>`(select count(*)::int from venue_items i join venues v on v.id_venue = i.id_venue where v.id_user_st = ${id_user})`,
      // DESIGN §7 'Pending Approvals (awaiting them)': the Approvals page's 'Awaiting me', one definition.
      pendingApprovals: sql<number>`(select count(*)::int from ${approvals} where ${awaitingApprover(id_user)})`,
    })
    .from(users)
    .where(eq(users.id_user, id_user));
  if (!row) throw userNotFound();
  const ladder = await loadLadder(db);
  const { mc } = memberClass(
    { total_general: Number(row.total_general), total_regional: Number(row.total_regional), total_national: Number(row.total_national) },
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
    vst: runsStories(subject)
      ? {
          positionCode: await storytellerPositionCode(db, subject),
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

/** The storyteller's highest post as a code, e.g. NE-004-DST; a venue storyteller's venue domain plus VST. */
async function storytellerPositionCode(db: Db, subject: Actor): Promise<string> {
  const held = subject.positions
    .filter((p) => STORYTELLER_ORDER.includes(p.pos_type))
    .sort((a, b) => STORYTELLER_ORDER.indexOf(a.pos_type) - STORYTELLER_ORDER.indexOf(b.pos_type))[0];
  let id_location = held?.id_location;
  const pos_type = held?.pos_type ?? 'VST';
  if (id_location === undefined) {
    const [venue] = await db
      .select({ id_location: venues.id_location })
      .from(venues)
      .where(eq(venues.id_user_st, subject.id_user))
      .limit(1);
    id_location = venue?.id_location;
  }
  if (id_location === undefined) return pos_type;
  const [location] = await db.select().from(locations).where(eq(locations.id_location, id_location));
  if (!location) return pos_type;
  const ancestors = await db
    .select()
    .from(locations)
    .where(inArray(locations.id_location, [0, ...ancestorIds(location)]));
  return `${domainCode(location, indexLocations([...ancestors, location]))}-${pos_type}`;
}
