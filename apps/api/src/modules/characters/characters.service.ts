// Characters (SPEC §3): a player's list, the detail, adding and updating, the experience log and the search.
import type { CharacterStatus } from '@guildhall/shared/constants';
import { OPEN_APPROVAL_STATUSES } from '@guildhall/shared/rules/approval-workflow';
import { childDomains } from '@guildhall/shared/rules/locations';
import { canSignOnVss, characterVssStatus, type VssStatus } from '@guildhall/shared/rules/vss-status';
import { firstOverdraft, runningBalances, xpDelta } from '@guildhall/shared/rules/xp';
import type {
  Character,
  CharacterAdd,
  CharacterListQuery,
  CharacterRow,
  CharacterSearchQuery,
  CharacterSearchRow,
  CharacterUpdate,
  XpLog,
  XpLogAdd,
  XpLogsQuery,
} from '@guildhall/shared/schemas/characters';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { CharacterSign, VenueCharacterRow, VenueCharactersQuery } from '@guildhall/shared/schemas/venues';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { keysSelect, pagedList } from '../../db/list';
import { qualified } from '../../db/qualified';
import {
  approvalEvents,
  approvals,
  characterSubtypes,
  characters,
  characterTypes,
  users,
  venues,
  vssStatusOf,
  xpLogs,
} from '../../db/schema/index';
import { listLocations } from '../locations/locations.service';
import { noticeSubject, notify, resolveNotices } from '../notifications/notifications.service';
import { charactersErrors } from './characters.errors';
import type { CharacterFacts } from './characters.policy';

/** SQL twin of the shared rule characterVssStatus (SPEC §4), for sorting by the VSS column (characters_vss_sort_idx). */
export const vssStatusSql = vssStatusOf(characters);

const liveXp = sql`${xpLogs.id_character} = ${qualified(characters.id_character)} and not ${xpLogs.is_void}`;
const xpSum = sql<number>`(select coalesce(sum(case when ${xpLogs.xp_type} = 'Spend' then -${xpLogs.xp_amount} else ${xpLogs.xp_amount} end), 0)::int from ${xpLogs} where ${liveXp})`;
const xpCount = sql<number>`(select count(*)::int from ${xpLogs} where ${liveXp})`;
const appCount = sql<number>`(select count(*)::int from ${approvals} where ${approvals.character_id} = ${qualified(characters.id_character)})`;
const playerName = sql<string>`trim(concat_ws(' ', ${users.user_fname}, ${users.user_lname}))`;

const rowColumns = {
  id_character: characters.id_character,
  character_name: characters.character_name,
  id_user: characters.id_user,
  id_venue: characters.id_venue,
  venue_name: venues.venue_name,
  being_reviewed: characters.being_reviewed,
  st_signed: characters.st_signed,
  id_type: characters.id_type,
  type_name: characterTypes.type_name,
  id_subtype: characters.id_subtype,
  subtype_name: characterSubtypes.subtype_name,
  character_status: characters.character_status,
  xp_log_sum: xpSum,
  xp_log_count: xpCount,
  app_count: appCount,
};

function toRow<
  T extends {
    id_venue: number | null;
    being_reviewed: string;
    st_signed: string | null;
    character_status: string;
    xp_log_sum: unknown;
    xp_log_count: unknown;
    app_count: unknown;
  },
>(row: T) {
  return {
    ...row,
    character_status: row.character_status as CharacterStatus,
    vss_status: characterVssStatus(row),
    xp_log_sum: Number(row.xp_log_sum),
    xp_log_count: Number(row.xp_log_count),
    app_count: Number(row.app_count),
  };
}

export async function listCharactersOfUser(db: Db, id_user: number, query: CharacterListQuery): Promise<ListResult<CharacterRow>> {
  const where = eq(characters.id_user, id_user);
  const page = await pagedList(query, {
    rows: db
      .select(rowColumns)
      .from(characters)
      .innerJoin(characterTypes, eq(characterTypes.id_type, characters.id_type))
      .innerJoin(characterSubtypes, eq(characterSubtypes.id_subtype, characters.id_subtype))
      .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(characters).where(where),
    sortable: {
      id_character: characters.id_character,
      character_name: sql`lower(${characters.character_name})`,
      venue_name: sql`lower(${venues.venue_name})`,
      vss_status: vssStatusSql,
      type_name: characterTypes.type_name,
      character_status: characters.character_status,
    },
    tieBreak: characters.id_character,
  });
  return {
    rows: page.rows.map(toRow),
    count: page.count,
  };
}

/** The player and the venue's storyteller: what the policy decides on. */
export async function characterFacts(db: Db | Tx, id_character: number): Promise<CharacterFacts & { id_venue: number | null }> {
  const [row] = await db
    .select({ id_user: characters.id_user, id_venue: characters.id_venue, venue_st: venues.id_user_st })
    .from(characters)
    .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
    .where(eq(characters.id_character, id_character));
  if (!row) throw charactersErrors.notFound();
  return row;
}

export async function getCharacter(db: Db, id_character: number): Promise<Character> {
  const [row] = await db
    .select({
      ...rowColumns,
      character_virtue: characters.character_virtue,
      character_vice: characters.character_vice,
      character_concept: characters.character_concept,
      character_concept_description: characters.character_concept_description,
      sign_response: characters.sign_response,
      player_name: playerName,
      user_camnum: users.user_camnum,
    })
    .from(characters)
    .innerJoin(characterTypes, eq(characterTypes.id_type, characters.id_type))
    .innerJoin(characterSubtypes, eq(characterSubtypes.id_subtype, characters.id_subtype))
    .innerJoin(users, eq(users.id_user, characters.id_user))
    .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
    .where(eq(characters.id_character, id_character));
  if (!row) throw charactersErrors.notFound();
  const full = toRow(row);
  return { ...full, xp_balance: full.xp_log_sum };
}

async function assertTypeAndSubtype(tx: Tx, id_type: number, id_subtype: number) {
  const [type] = await tx.select({ id: characterTypes.id_type }).from(characterTypes).where(eq(characterTypes.id_type, id_type));
  if (!type) throw charactersErrors.unknownType();
  const [subtype] = await tx
    .select({ parent: characterSubtypes.id_parent_type })
    .from(characterSubtypes)
    .where(eq(characterSubtypes.id_subtype, id_subtype));
  if (subtype?.parent !== id_type) throw charactersErrors.subtypeOfOtherType();
}

async function venueStoryteller(tx: Tx, id_venue: number) {
  const [venue] = await tx.select({ st: venues.id_user_st, name: venues.venue_name }).from(venues).where(eq(venues.id_venue, id_venue));
  if (!venue) throw charactersErrors.unknownVenue();
  return venue;
}

/** The venue's storyteller hears of a character newly Pending on their style sheet. */
async function notifyStoryteller(tx: Tx, venue: { st: number | null; name: string }, id_character: number, character_name: string) {
  await notify(tx, venue.st === null ? [] : [venue.st], {
    kind: 'character',
    message: `${character_name} awaits your review on ${venue.name}.`,
    link: '/storyteller/vss-manager',
    subject: noticeSubject('character', id_character),
  });
}

/** A new character is Pending on its venue's style sheet (SPEC §4: being_reviewed 'no'). */
export async function addCharacter(db: Db, id_user: number, input: CharacterAdd): Promise<number> {
  return db.transaction(async (tx) => {
    await assertTypeAndSubtype(tx, input.id_type, input.id_subtype);
    const venue = await venueStoryteller(tx, input.id_venue);
    const [created] = await tx
      .insert(characters)
      .values({
        id_user,
        id_venue: input.id_venue,
        character_name: input.character_name,
        id_type: input.id_type,
        id_subtype: input.id_subtype,
        character_virtue: input.character_virtue,
        character_vice: input.character_vice,
        character_concept: input.character_concept || null,
        character_concept_description: input.character_concept_description || null,
        being_reviewed: 'no',
        st_signed: null,
      })
      .returning({ id: characters.id_character });
    await notifyStoryteller(tx, venue, created!.id, input.character_name);
    return created!.id;
  });
}

/**
 * DESIGN §6: moving to another style sheet puts the character back to Pending there; retiring it (or marking
 * it dead) removes its open applications, each with an event saying why.
 */
export async function updateCharacter(db: Db, id_character: number, actorId: number, input: CharacterUpdate) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(characters).where(eq(characters.id_character, id_character)).for('update');
    if (!current) throw charactersErrors.notFound();
    const id_type = input.id_type ?? current.id_type;
    const id_subtype = input.id_subtype ?? current.id_subtype;
    if (id_type !== current.id_type || id_subtype !== current.id_subtype) await assertTypeAndSubtype(tx, id_type, id_subtype);
    const moved = input.id_venue !== current.id_venue;
    const venue = moved ? await venueStoryteller(tx, input.id_venue) : null;
    await tx
      .update(characters)
      .set({
        id_venue: input.id_venue,
        id_type,
        id_subtype,
        ...(input.character_name !== undefined ? { character_name: input.character_name } : {}),
        ...(input.character_virtue !== undefined ? { character_virtue: input.character_virtue } : {}),
        ...(input.character_vice !== undefined ? { character_vice: input.character_vice } : {}),
        ...(input.character_concept !== undefined ? { character_concept: input.character_concept || null } : {}),
        ...(input.character_concept_description !== undefined
          ? { character_concept_description: input.character_concept_description || null }
          : {}),
        ...(input.character_status !== undefined ? { character_status: input.character_status } : {}),
        ...(moved ? { being_reviewed: 'no' as const, st_signed: null, sign_response: null, signed_by: null, signed_at: null } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(characters.id_character, id_character));
    if (venue) {
      // No longer awaits the former venue's storyteller.
      await resolveNotices(tx, noticeSubject('character', id_character));
      await notifyStoryteller(tx, venue, id_character, input.character_name ?? current.character_name);
    }
    const ending = input.character_status === 'Retired' || input.character_status === 'Dead';
    if (ending && input.character_status !== current.character_status) {
      const open = await tx
        .select({ id: approvals.id, status: approvals.status })
        .from(approvals)
        .where(and(eq(approvals.character_id, id_character), inArray(approvals.status, [...OPEN_APPROVAL_STATUSES])))
        .for('update');
      if (open.length) {
        await tx
          .update(approvals)
          .set({ status: 'Removed', update_date: sql`now()`, updated_by: actorId })
          .where(
            inArray(
              approvals.id,
              open.map((a) => a.id),
            ),
          );
        const note = input.character_status === 'Dead' ? 'The character died.' : 'The character was retired.';
        await tx
          .insert(approvalEvents)
          .values(open.map((a) => ({ approval_id: a.id, id_user: actorId, from_status: a.status, to_status: 'Removed', note })));
        await resolveNotices(
          tx,
          open.map((a) => noticeSubject('approval', a.id)),
        );
      }
    }
  });
}

export async function listXpLogs(db: Db, id_character: number, query: XpLogsQuery): Promise<ListResult<XpLog>> {
  const authors = alias(users, 'author');
  const where = eq(xpLogs.id_character, id_character);
  const page = await pagedList(query, {
    rows: db
      .select({
        id_xp_log: xpLogs.id_xp_log,
        xp_datetime: xpLogs.xp_datetime,
        xp_type: xpLogs.xp_type,
        xp_description: xpLogs.xp_description,
        xp_amount: xpLogs.xp_amount,
        xp_balance: xpLogs.xp_balance,
        is_void: xpLogs.is_void,
        author_name: sql<string | null>`nullif(trim(concat_ws(' ', ${authors.user_fname}, ${authors.user_lname})), '')`,
      })
      .from(xpLogs)
      .leftJoin(authors, eq(authors.id_user, xpLogs.id_user_author))
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(xpLogs).where(where),
    sortable: { xp_datetime: xpLogs.xp_datetime },
    tieBreak: xpLogs.id_xp_log,
  });
  return { rows: page.rows.map((r) => ({ ...r, xp_datetime: r.xp_datetime.toISOString() })), count: page.count };
}

/** The character's entries oldest first, with the character row locked so two writers take turns. */
async function lockedLog(tx: Tx, id_character: number) {
  const [locked] = await tx
    .select({ id: characters.id_character })
    .from(characters)
    .where(eq(characters.id_character, id_character))
    .for('update');
  if (!locked) throw charactersErrors.notFound();
  return tx
    .select({
      id_xp_log: xpLogs.id_xp_log,
      xp_type: xpLogs.xp_type,
      xp_amount: xpLogs.xp_amount,
      is_void: xpLogs.is_void,
      xp_balance: xpLogs.xp_balance,
    })
    .from(xpLogs)
    .where(eq(xpLogs.id_character, id_character))
    .orderBy(asc(xpLogs.xp_datetime), asc(xpLogs.id_xp_log));
}

export async function addXpLog(db: Db, authorId: number, input: XpLogAdd) {
  return db.transaction(async (tx) => {
    const log = await lockedLog(tx, input.id_character);
    const balance = runningBalances(log).at(-1) ?? 0;
    const next = balance + xpDelta(input.xp_type, input.xp_amount);
    if (next < 0) throw charactersErrors.overdraft(balance);
    const [created] = await tx
      .insert(xpLogs)
      .values({
        id_character: input.id_character,
        xp_type: input.xp_type,
        xp_amount: input.xp_amount,
        xp_description: input.xp_description,
        xp_balance: next,
        id_user_author: authorId,
      })
      .returning({ id_xp_log: xpLogs.id_xp_log, xp_balance: xpLogs.xp_balance });
    return created!;
  });
}

export async function xpLogCharacter(db: Db | Tx, id_xp_log: number): Promise<number> {
  const [row] = await db.select({ id: xpLogs.id_character }).from(xpLogs).where(eq(xpLogs.id_xp_log, id_xp_log));
  if (!row) throw charactersErrors.xpNotFound();
  return row.id;
}

/** DESIGN §7: a voided entry is kept, marked void, and every later balance is recomputed. */
export async function voidXpLog(db: Db, id_xp_log: number, voiderId: number) {
  await db.transaction(async (tx) => {
    const id_character = await xpLogCharacter(tx, id_xp_log);
    const log = await lockedLog(tx, id_character);
    const index = log.findIndex((e) => e.id_xp_log === id_xp_log);
    if (log[index]!.is_void) throw charactersErrors.alreadyVoid();
    const after = log.map((e, i) => (i === index ? { ...e, is_void: true } : e));
    if (firstOverdraft(after) !== -1) throw charactersErrors.voidOverdraft();
    await tx.update(xpLogs).set({ is_void: true, voided_by: voiderId, voided_at: sql`now()` }).where(eq(xpLogs.id_xp_log, id_xp_log));
    const balances = runningBalances(after);
    for (const [i, entry] of after.entries()) {
      if (entry.xp_balance !== balances[i])
        await tx.update(xpLogs).set({ xp_balance: balances[i]! }).where(eq(xpLogs.id_xp_log, entry.id_xp_log));
    }
  });
}

export async function listTypes(db: Db) {
  return db.select().from(characterTypes).orderBy(asc(characterTypes.type_name));
}

export async function listSubtypes(db: Db, typeId: number | undefined) {
  return db
    .select()
    .from(characterSubtypes)
    .where(typeId ? eq(characterSubtypes.id_parent_type, typeId) : undefined)
    .orderBy(asc(characterSubtypes.subtype_name));
}

// By player: last name, then the member (users_lname_id_sort_idx walks both in order and each member's characters
// follow by id), so a page never sorts all the members who share a last name (issue 8).
const byPlayer = [sql`lower(${users.user_lname})`, users.id_user] as const;

/** Character search (SPEC §2): a domain or region filter covers the places below it too. */
export async function searchCharacters(db: Db, query: CharacterSearchQuery): Promise<ListResult<CharacterSearchRow>> {
  const conditions: SQL[] = [];
  const place = query.domain ?? query.region;
  if (place) {
    const all = await listLocations(db);
    const ids = [place, ...childDomains(all, place).map((l) => l.id_location)];
    conditions.push(anyOf(venues.id_location, ids));
  }
  if (query.typeId) conditions.push(eq(characters.id_type, query.typeId));
  if (query.subtypeId) conditions.push(eq(characters.id_subtype, query.subtypeId));
  if (query.venueTypeId) conditions.push(eq(venues.id_venue_type, query.venueTypeId));
  const where = conditions.length ? and(...conditions) : undefined;
  // The page's ids come from a narrow query joining only what its filters and sort read (every character has a
  // player, type and subtype, so leaving those joins out keeps the same rows): the default sort is then ten entries
  // of characters_name_sort_idx, however large the society (issue 8).
  const keys = (withTotal: boolean) => {
    const select = keysSelect(db, characters.id_character, withTotal).from(characters).$dynamic();
    if (place || query.venueTypeId) select.leftJoin(venues, eq(venues.id_venue, characters.id_venue));
    if (query.sortBy === 'player_name' || query.sortBy === 'user_camnum') select.innerJoin(users, eq(users.id_user, characters.id_user));
    if (query.sortBy === 'type_name') select.innerJoin(characterTypes, eq(characterTypes.id_type, characters.id_type));
    if (query.sortBy === 'subtype_name') select.innerJoin(characterSubtypes, eq(characterSubtypes.id_subtype, characters.id_subtype));
    return select.where(where);
  };
  const page = await pagedList(query, {
    keys,
    rows: db
      .select({
        id_character: characters.id_character,
        character_name: characters.character_name,
        type_name: characterTypes.type_name,
        subtype_name: characterSubtypes.subtype_name,
        character_virtue: characters.character_virtue,
        app_count: appCount,
        id_user: characters.id_user,
        id_venue: characters.id_venue,
        player_name: playerName,
        user_camnum: users.user_camnum,
        being_reviewed: characters.being_reviewed,
        st_signed: characters.st_signed,
        venue_name: venues.venue_name,
      })
      .from(characters)
      .innerJoin(characterTypes, eq(characterTypes.id_type, characters.id_type))
      .innerJoin(characterSubtypes, eq(characterSubtypes.id_subtype, characters.id_subtype))
      .innerJoin(users, eq(users.id_user, characters.id_user))
      .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(characters).leftJoin(venues, eq(venues.id_venue, characters.id_venue)).where(where),
    sortable: {
      character_name: sql`lower(${characters.character_name})`,
      type_name: characterTypes.type_name,
      subtype_name: characterSubtypes.subtype_name,
      character_virtue: characters.character_virtue,
      app_count: appCount,
      player_name: byPlayer,
      user_camnum: users.user_camnum,
      vss_status: vssStatusSql,
    },
    tieBreak: characters.id_character,
  });
  return {
    rows: page.rows.map((row) => ({ ...row, app_count: Number(row.app_count), vss_status: characterVssStatus(row) })),
    count: page.count,
  };
}

/**
 * SPEC §4: a storyteller accepts (yes) or rejects (no) a Pending character; the player hears of it. The update
 * only takes a character still Pending, so of two signings (a double click, two tabs) one changes it and the
 * other is a 409.
 */
export async function signCharacter(
  db: Db,
  id_character: number,
  /** The venue the signer's right was checked on: a character moved since then is not signed onto the new one. */
  checkedVenue: number | null,
  signerId: number,
  input: CharacterSign,
): Promise<VssStatus> {
  // A character on no style sheet has nothing to accept or reject onto (issue 23).
  if (checkedVenue === null) throw charactersErrors.noStyleSheet();
  return db.transaction(async (tx) => {
    const [signed] = await tx
      .update(characters)
      .set({
        being_reviewed: 'yes',
        st_signed: input.resultSigned,
        sign_response: input.signResponse || null,
        signed_by: signerId,
        signed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(eq(characters.id_character, id_character), eq(characters.being_reviewed, 'no'), eq(characters.id_venue, checkedVenue)))
      .returning({ id_user: characters.id_user, character_name: characters.character_name, id_venue: characters.id_venue });
    if (!signed) throw charactersErrors.notPending();
    await resolveNotices(tx, noticeSubject('character', id_character));
    const [venue] = signed.id_venue
      ? await tx.select({ name: venues.venue_name }).from(venues).where(eq(venues.id_venue, signed.id_venue))
      : [];
    const outcome = input.resultSigned === 'yes' ? 'accepted' : 'rejected';
    await notify(tx, signed.id_user, {
      kind: 'character',
      message: `${signed.character_name} was ${outcome} on ${venue?.name ?? 'its style sheet'}.`,
      link: `/characters/list/${id_character}`,
    });
    return characterVssStatus({ id_venue: signed.id_venue, being_reviewed: 'yes', st_signed: input.resultSigned });
  });
}

/** GET /characters/venue/{id}: the characters on a style sheet with their players and states. */
export async function listCharactersOfVenue(
  db: Db,
  id_venue: number,
  query: VenueCharactersQuery,
  maySign: (character: CharacterFacts) => Promise<boolean>,
  venue_st: number | null,
): Promise<ListResult<VenueCharacterRow>> {
  const where = eq(characters.id_venue, id_venue);
  const page = await pagedList(query, {
    rows: db
      .select({
        id_character: characters.id_character,
        character_name: characters.character_name,
        id_user: characters.id_user,
        player_name: playerName,
        user_camnum: users.user_camnum,
        type_name: characterTypes.type_name,
        subtype_name: characterSubtypes.subtype_name,
        character_status: characters.character_status,
        being_reviewed: characters.being_reviewed,
        st_signed: characters.st_signed,
        sign_response: characters.sign_response,
      })
      .from(characters)
      .innerJoin(characterTypes, eq(characterTypes.id_type, characters.id_type))
      .innerJoin(characterSubtypes, eq(characterSubtypes.id_subtype, characters.id_subtype))
      .innerJoin(users, eq(users.id_user, characters.id_user))
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(characters).where(where),
    sortable: {
      id_character: characters.id_character,
      character_name: sql`lower(${characters.character_name})`,
      player_name: byPlayer,
      vss_status: vssStatusSql,
    },
    tieBreak: characters.id_character,
  });
  const rows = await Promise.all(
    page.rows.map(async (row) => {
      const facts = { ...row, id_venue };
      const signable = canSignOnVss(facts) && (await maySign({ id_user: row.id_user, venue_st }));
      return {
        ...row,
        vss_status: characterVssStatus(facts),
        abilities: signable ? ['sign' as const] : [],
      };
    }),
  );
  return { rows, count: page.count };
}
