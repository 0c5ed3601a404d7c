// Characters (SPEC §3): a player's list, the detail, adding and updating, and the types and subtypes to choose from.
// The experience log, the search and a style sheet's characters have their own files beside this one.
import type { CharacterStatus } from '@guildhall/shared/constants';
import { OPEN_APPROVAL_STATUSES } from '@guildhall/shared/rules/approval-workflow';
import { characterVssStatus } from '@guildhall/shared/rules/vss-status';
import type { Character, CharacterAdd, CharacterListQuery, CharacterRow, CharacterUpdate } from '@guildhall/shared/schemas/characters';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  anyOfKeys,
  approvalEvents,
  batchedByKey,
  approvals,
  characterSubtypes,
  characters,
  characterTypes,
  type Db,
  oncePerDatabase,
  ownList,
  qualified,
  type Tx,
  users,
  venues,
  xpLogs,
} from '../../db/index';
import { followCharacterToVenue } from '../approvals/approvals.venue-move';
import { noticeSubject, notify, resolveNotices, noticesTransaction, type NoticeTx } from '../notifications/notifications.service';
import {
  appCount,
  characterColumns,
  characterJoins,
  playerName,
  selectCharacterRows,
  selectCharacterRowsWithPlayers,
  vssStatusSql,
} from './character-rows';
import { charactersErrors } from './characters.errors';
import type { CharacterFacts } from './characters.policy';

const liveXp = sql`${xpLogs.id_character} = ${qualified(characters.id_character)} and not ${xpLogs.is_void}`;
const xpSum = sql<number>`(select coalesce(sum(case when ${xpLogs.xp_type} = 'Spend' then -${xpLogs.xp_amount} else ${xpLogs.xp_amount} end), 0)::int from ${xpLogs} where ${liveXp})`;
const xpCount = sql<number>`(select count(*)::int from ${xpLogs} where ${liveXp})`;

/** A row of the player's list; the detail reads it too. */
const rowColumns = {
  ...characterColumns,
  id_venue: characters.id_venue,
  venue_name: venues.venue_name,
  id_type: characters.id_type,
  id_subtype: characters.id_subtype,
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

const charactersOf = ownList('characters_of', {
  select: (db) =>
    selectCharacterRows(db, { ...rowColumns, n: sql<number>`count(*) over ()` })
      .where(eq(characters.id_user, sql.placeholder('owner')))
      .$dynamic(),
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

export async function listCharactersOfUser(db: Db, id_user: number, query: CharacterListQuery): Promise<ListResult<CharacterRow>> {
  const page = await charactersOf(db, id_user, query);
  return { rows: page.rows.map(({ n: _n, ...row }) => toRow(row)), count: page.count };
}

// The policy's facts, asked for by nearly every character call: prepared once per database (decision 071); those
// asked for together (a burst of experience entries) are read by one statement (db/per-database.ts `batchedByKey`).
const factsStatement = oncePerDatabase((db) =>
  db
    .select({
      id_character: characters.id_character,
      id_user: characters.id_user,
      id_venue: characters.id_venue,
      venue_st: venues.id_user_st,
    })
    .from(characters)
    .leftJoin(venues, characterJoins.venue)
    .where(anyOfKeys(characters.id_character, sql.placeholder('ids')))
    .prepare('character_facts'),
);
const factsOf = batchedByKey(async (db, ids: number[]) => {
  const rows = await factsStatement(db).execute({ ids });
  return new Map(rows.map(({ id_character, ...facts }) => [id_character, facts]));
});

/** The player and the venue's storyteller: what the policy decides on. */
export async function characterFacts(db: Db, id_character: number): Promise<CharacterFacts & { id_venue: number | null }> {
  const facts = await factsOf(db, id_character);
  if (!facts) throw charactersErrors.notFound();
  return facts;
}

export async function getCharacter(db: Db, id_character: number): Promise<Character> {
  const [row] = await selectCharacterRowsWithPlayers(db, {
    ...rowColumns,
    character_virtue: characters.character_virtue,
    character_vice: characters.character_vice,
    character_concept: characters.character_concept,
    character_concept_description: characters.character_concept_description,
    sign_response: characters.sign_response,
    player_name: playerName,
    user_camnum: users.user_camnum,
  }).where(eq(characters.id_character, id_character));
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

/** Read `for share`, so a reassignment of the venue's post waits for this change (and then finds it), or the reverse. */
async function venueStoryteller(tx: Tx, id_venue: number) {
  const [venue] = await tx
    .select({ st: venues.id_user_st, name: venues.venue_name })
    .from(venues)
    .where(eq(venues.id_venue, id_venue))
    .for('share');
  if (!venue) throw charactersErrors.unknownVenue();
  return venue;
}

/** The venue's storyteller hears of a character newly Pending on their style sheet, unless it is theirs (they may not sign it). */
async function notifyStoryteller(
  tx: NoticeTx,
  venue: { st: number | null; name: string },
  character: { id_character: number; name: string; owner: number },
) {
  const { id_character, name: character_name } = character;
  await notify(tx, venue.st === null || venue.st === character.owner ? [] : [venue.st], {
    kind: 'character',
    message: `${character_name} awaits your review on ${venue.name}.`,
    link: '/storyteller/vss-manager',
    subject: noticeSubject('character', id_character),
  });
}

/** A new character is Pending on its venue's style sheet (SPEC §4: being_reviewed 'no'). */
export async function addCharacter(db: Db, id_user: number, input: CharacterAdd): Promise<number> {
  return noticesTransaction(db, async (tx) => {
    // The player stays active until the character is written (a deactivation waits for this).
    const [player] = await tx
      .select({ id: users.id_user })
      .from(users)
      .where(and(eq(users.id_user, id_user), eq(users.is_disabled, false)))
      .for('share');
    if (!player) throw charactersErrors.noSuchMember();
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
    await notifyStoryteller(tx, venue, { id_character: created!.id, name: input.character_name, owner: id_user });
    return created!.id;
  });
}

/**
 * DESIGN §6: moving to another style sheet puts the character back to Pending there; retiring it (or marking
 * it dead) removes its open applications, each with an event saying why.
 */
export async function updateCharacter(db: Db, id_character: number, actorId: number, input: CharacterUpdate) {
  await noticesTransaction(db, async (tx) => {
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
      const name = input.character_name ?? current.character_name;
      await notifyStoryteller(tx, venue, { id_character, name, owner: current.id_user });
      await followCharacterToVenue(tx, { id_character, name, owner: current.id_user }, venue, actorId);
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
