// Issue 28: scheduling games (one, or a series' occurrences), reading them, editing one or a series, cancelling one.
import { DEFAULT_GAME_XP } from '@guildhall/shared/constants';
import type { GameAdd, GameRow, GamesQuery, GameUpdate, MySignup } from '@guildhall/shared/schemas/games';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, count, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  characters,
  gameCheckins,
  gameSeries,
  gameSignups,
  games,
  locations,
  pagedList,
  qualified,
  type Db,
  type Tx,
  venues,
} from '../../db/index';
import { notify, noticesTransaction } from '../notifications/notifications.service';
import { changedAtAll, changeNotice, type GameChange } from './game-changes';
import { gameLink } from './game-link';
import { gamesErrors } from './games.errors';
import type { GameFacts } from './games.policy';
import { localDate, localIsoDate, localTime, occurrenceDates, zonedRange } from './recurrence';
import { promoteWaiting, rosterChanged } from './signups.service';

/** The XP a venue's game awards unless told: what its latest game awarded. */
async function venueXp(tx: Tx, id_venue: number | null): Promise<number> {
  if (id_venue === null) return DEFAULT_GAME_XP;
  const [last] = await tx
    .select({ xp: games.xp_award })
    .from(games)
    .where(eq(games.id_venue, id_venue))
    .orderBy(desc(games.created_at), desc(games.id_game))
    .limit(1);
  return last?.xp ?? DEFAULT_GAME_XP;
}

export async function scheduleGame(db: Db, by: number, input: GameAdd, where: GameFacts): Promise<number[]> {
  return db.transaction(async (tx) => {
    const xp_award = input.xp_award ?? (await venueXp(tx, where.id_venue));
    let id_series: number | null = null;
    const dates = input.recurrence ? occurrenceDates(input.date, input.recurrence, input.occurrences!) : [input.date];
    if (input.recurrence) {
      const [series] = await tx
        .insert(gameSeries)
        .values({
          recurrence: input.recurrence,
          first_date: input.date,
          local_start: input.start_time,
          local_end: input.end_time,
          time_zone: input.time_zone,
          occurrences: dates.length,
          created_by: by,
        })
        .returning({ id: gameSeries.id_series });
      id_series = series!.id;
    }
    const created = await tx
      .insert(games)
      .values(
        dates.map((date) => ({
          id_venue: where.id_venue,
          id_location: where.id_location,
          id_series,
          game_name: input.game_name,
          ...zonedRange(date, input.start_time, input.end_time, input.time_zone),
          time_zone: input.time_zone,
          place: input.place,
          capacity: input.capacity ?? null,
          description: input.description || null,
          xp_award,
          prestige_points: input.prestige_points,
          prestige_category: input.prestige_category,
          prestige_reason: input.prestige_reason,
          created_by: by,
        })),
      )
      .returning({ id: games.id_game });
    return created.map((g) => g.id);
  });
}

// The outer game, written out with its table: in a one-table select a bare column would bind inside the subquery.
const gameId = qualified(games.id_game);
const counted = (status: 'going' | 'waiting') =>
  sql<number>`(select count(*)::int from ${gameSignups} s where s.id_game = ${gameId} and s.status = ${status} and s.role = 'player')`;
const mine = alias(gameSignups, 'mine');
const myCharacter = alias(characters, 'my_character');

const gameColumns = {
  id_game: games.id_game,
  game_name: games.game_name,
  id_venue: games.id_venue,
  venue_name: venues.venue_name,
  id_location: games.id_location,
  location_name: locations.location_name,
  id_series: games.id_series,
  starts_at: games.starts_at,
  ends_at: games.ends_at,
  time_zone: games.time_zone,
  place: games.place,
  capacity: games.capacity,
  description: games.description,
  xp_award: games.xp_award,
  prestige_points: games.prestige_points,
  prestige_category: games.prestige_category,
  prestige_reason: games.prestige_reason,
  status: games.status,
  closed_at: games.closed_at,
  venue_st: venues.id_user_st,
  going: counted('going'),
  waiting: counted('waiting'),
  checked_in: sql<number>`(select count(*)::int from ${gameCheckins} c where c.id_game = ${gameId} and c.voided_at is null)`,
  my_status: mine.status,
  my_role: mine.role,
  my_character: mine.id_character,
  my_character_name: myCharacter.character_name,
  my_waiting_place: sql<
    number | null
  >`case when ${mine.status} = 'waiting' then (select count(*)::int from ${gameSignups} w where w.id_game = ${gameId} and w.status = 'waiting' and w.role = 'player' and w.position <= ${mine.position}) end`,
};

function selectGames(db: Db, id_user: number) {
  return db
    .select(gameColumns)
    .from(games)
    .innerJoin(locations, eq(locations.id_location, games.id_location))
    .leftJoin(venues, eq(venues.id_venue, games.id_venue))
    .leftJoin(mine, and(eq(mine.id_game, games.id_game), eq(mine.id_user, id_user)))
    .leftJoin(myCharacter, eq(myCharacter.id_character, mine.id_character));
}

type GameRecord = Awaited<ReturnType<ReturnType<typeof selectGames>['execute']>>[number];
export type ShownGame = GameRow & { my_signup: MySignup | null; facts: GameFacts };

function shown(r: GameRecord): ShownGame {
  const { venue_st, my_status, my_role, my_character, my_character_name, my_waiting_place, ...row } = r;
  return {
    ...row,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    closed_at: r.closed_at?.toISOString() ?? null,
    my_signup:
      my_status && my_role
        ? {
            status: my_status,
            role: my_role,
            id_character: my_character,
            character_name: my_character_name,
            waiting_place: my_waiting_place,
          }
        : null,
    facts: { id_venue: r.id_venue, id_location: r.id_location, venue_st, status: r.status, closed_at: r.closed_at },
  };
}

export async function findGame(db: Db, id_user: number, id_game: number): Promise<ShownGame> {
  const [row] = await selectGames(db, id_user).where(eq(games.id_game, id_game));
  if (!row) throw gamesErrors.notFound();
  return shown(row);
}

/** Upcoming (not yet ended) or past games, of a venue, a domain, or those the member signed up for. */
export async function listGames(db: Db, id_user: number, query: GamesQuery): Promise<ListResult<ShownGame>> {
  const signedUp = sql`exists (select 1 from ${gameSignups} s where s.id_game = ${gameId} and s.id_user = ${id_user} and s.status <> 'cancelled')`;
  const where = and(
    query.when === 'upcoming' ? gte(games.ends_at, sql`now()`) : lt(games.ends_at, sql`now()`),
    query.venue ? eq(games.id_venue, query.venue) : undefined,
    query.location ? eq(games.id_location, query.location) : undefined,
    query.mine === 'yes' ? signedUp : undefined,
  );
  const page = await pagedList(db, query, {
    rows: () => selectGames(db, id_user).where(where).$dynamic(),
    count: () => db.select({ n: count() }).from(games).where(where),
    sortable: { starts_at: games.starts_at },
    tieBreak: games.id_game,
  });
  return { rows: page.rows.map(shown), count: page.count };
}

/** Those going or waiting at the games, to be told it changed or was cancelled; but `by`, who made the change. */
async function signedUpMembers(tx: Tx, ids: number[], by: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id_user: gameSignups.id_user })
    .from(gameSignups)
    .where(
      and(
        inArray(gameSignups.id_game, ids),
        or(eq(gameSignups.status, 'going'), eq(gameSignups.status, 'waiting')),
        ne(gameSignups.id_user, by),
      ),
    );
  return rows.map((r) => r.id_user);
}

/**
 * Edits one occurrence, or (scope series) this and every later scheduled occurrence of its series; each keeps its
 * own date. Those signed up (but `by`, who made the change) are told when a game moved, ends at another time or is at
 * another place; those waiting whom a raised capacity lets in, that a place opened.
 */
export async function updateGame(db: Db, id_game: number, input: GameUpdate, by: number): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id_game, id_game)).for('update');
    if (!game) throw gamesErrors.notFound();
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    if (input.scope === 'series' && game.id_series === null) throw gamesErrors.notInSeries();
    if (input.scope === 'series' && input.date !== undefined) throw gamesErrors.seriesDate();
    const targets =
      input.scope === 'series'
        ? await tx
            .select()
            .from(games)
            .where(and(eq(games.id_series, game.id_series!), eq(games.status, 'scheduled'), gte(games.starts_at, game.starts_at)))
            .for('update')
        : [game];
    const changed: number[] = [];
    const change: GameChange = { started: false, ended: false, place: false };
    for (const target of targets) {
      const zone = target.time_zone;
      const date = input.date ?? localIsoDate(target.starts_at, zone);
      const range = zonedRange(
        date,
        input.start_time ?? localTime(target.starts_at, zone),
        input.end_time ?? localTime(target.ends_at, zone),
        zone,
      );
      const mine: GameChange = {
        started: range.starts_at.getTime() !== target.starts_at.getTime(),
        ended: range.ends_at.getTime() !== target.ends_at.getTime(),
        place: input.place !== undefined && input.place !== target.place,
      };
      if (changedAtAll(mine)) changed.push(target.id_game);
      for (const key of ['started', 'ended', 'place'] as const) change[key] ||= mine[key];
      await tx
        .update(games)
        .set({
          ...range,
          ...(input.game_name !== undefined ? { game_name: input.game_name } : {}),
          ...(input.place !== undefined ? { place: input.place } : {}),
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
          ...(input.description !== undefined ? { description: input.description || null } : {}),
          ...(input.xp_award !== undefined ? { xp_award: input.xp_award } : {}),
          updated_at: sql`now()`,
        })
        .where(eq(games.id_game, target.id_game));
      // A raised capacity frees places: those waiting take them in their order, under this lock.
      if (input.capacity !== undefined && (await promoteWaiting(tx, target.id_game))) await rosterChanged(tx, target.id_game);
    }
    if (changed.length === 0) return;
    const [first] = await tx.select().from(games).where(eq(games.id_game, changed[0]!));
    await notify(tx, await signedUpMembers(tx, changed, by), {
      kind: 'game',
      message: changeNotice(first!, changed.length, change),
      link: gameLink(changed[0]!),
    });
  });
}

/** Cancels one game; everyone signed up hears of it, but `by`, who cancelled it. */
export async function cancelGame(db: Db, id_game: number, by: number): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id_game, id_game)).for('update');
    if (!game) throw gamesErrors.notFound();
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    await tx.update(games).set({ status: 'cancelled', updated_at: sql`now()` }).where(eq(games.id_game, id_game));
    await notify(tx, await signedUpMembers(tx, [id_game], by), {
      kind: 'game',
      message: `${game.game_name} on ${localDate(game.starts_at, game.time_zone)} is cancelled.`,
      link: gameLink(id_game),
    });
  });
}
