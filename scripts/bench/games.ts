// Issue 28: games under load. The storyteller's door list for a 200-person event (and a search in it for a
// walk-in), and sign-ups under 50 connections, each a member of their own: the sheet's players (up to 50) sign up
// for one game that holds half of them, with their character, then as a helper, in turn — a player past the capacity
// waits, and each player turning helper frees a place that the next waiting takes — and members up to 50 in all sign
// up as helpers again and again. Every request locks the same game row. (Each answers 200 whatever the state, so a
// connection may start anywhere in its cycle.) The games made are deleted afterwards.
import { sql } from 'drizzle-orm';
import type { ClientRequest, Load } from './load';
import { type Budget, describe, failures, measured } from './report';
import { rowsOf, type Society } from './society';

const EVENT_SIZE = 200;
/** Connections signing up at once. */
const PLAYERS = 50;

interface GamesOptions {
  onPostgres: boolean;
  wanted: (name: string) => boolean;
  load: (url: string, token?: string, warmUp?: boolean) => Promise<Load>;
  loadClients: (origin: string, clients: ClientRequest[][], warmUp?: boolean) => Promise<Load>;
  report: {
    line(name: string, r: Load, budget: string, verdict: string): void;
    missed(budget: Budget, r: Load): string[];
  };
}

async function schedule(society: Society, token: string, id_venue: number, capacity: number | null): Promise<number> {
  const res = await fetch(`${society.base}/api/games/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      id_venue,
      game_name: 'Bench night',
      date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      start_time: '19:00',
      end_time: '23:00',
      time_zone: 'America/New_York',
      place: 'Bench hall',
      capacity,
    }),
  });
  if (!res.ok) throw new Error(`Scheduling the bench game answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { result: { ids: number[] } }).result.ids[0]!;
}

/** Measures the games calls; answers whether every budget was met and every call answered 2xx. */
export async function runGames(society: Society, { onPostgres, wanted, load, loadClients, report }: GamesOptions): Promise<boolean> {
  const calls = ['door list, 200 signed up', 'door list, search a walk-in', 'sign-ups at once, 50 members'].filter(wanted);
  if (calls.length === 0) return true;
  const rows = rowsOf(society.database);
  // The style sheet with the most accepted characters, its storyteller, and up to 50 of its players.
  const [venue] = await rows(sql`
    select c.id_venue, min(e.email) as email from characters c
    join venues v on v.id_venue = c.id_venue join user_emails e on e.id_user = v.id_user_st
    where c.st_signed = 'yes' and c.character_status = 'Active'
    group by c.id_venue order by count(*) desc, c.id_venue limit 1`);
  if (!venue) throw new Error('No style sheet has an accepted character: the games bench needs one.');
  const id_venue = Number(venue.id_venue);
  const token = await society.signIn(venue.email);
  const players = await rows(sql`
    select c.id_user, min(c.id_character) as id_character, min(e.email) as email from characters c
    join user_emails e on e.id_user = c.id_user
    where c.id_venue = ${id_venue} and c.st_signed = 'yes' and c.character_status = 'Active'
    group by c.id_user order by c.id_user limit ${PLAYERS}`);
  const event = await schedule(society, token, id_venue, null);
  // Half the players fit: the rest wait, and are promoted as others turn helper.
  const capacity = Math.max(1, Math.floor(players.length / 2));
  const contested = await schedule(society, token, id_venue, capacity);
  // The other connections, up to 50, are members coming as helpers (a helper's sign-up locks the same row).
  const helpers = await rows(sql`
    select u.id_user, min(e.email) as email from users u join user_emails e on e.id_user = u.id_user
    where not u.is_disabled and not exists (select 1 from characters c where c.id_user = u.id_user and c.id_venue = ${id_venue})
    group by u.id_user order by u.id_user limit ${PLAYERS - players.length} offset 1000`);
  // The 200 signed up: the venue's players, then other members as helpers; a quarter already checked in.
  await rows(sql`
    insert into game_signups (id_game, id_user, id_character, role, status, position)
    select ${event}, id_user, id_character, role, 'going', row_number() over (order by rank, id_user) from (
      select id_user, min(id_character) as id_character, 'player' as role, 0 as rank from characters
      where id_venue = ${id_venue} group by id_user
      union all
      select id_user, null, 'helper', 1 from users where not exists (select 1 from characters c where c.id_user = users.id_user and c.id_venue = ${id_venue})
    ) s order by rank, id_user limit ${EVENT_SIZE}`);
  await rows(sql`
    insert into game_checkins (id_game, idempotency_key, id_user, id_character, role)
    select id_game, 'bench-' || id_signup, id_user, id_character, role from game_signups
    where id_game = ${event} and position % 4 = 0`);
  const [walkIn] = await rows(
    sql`select left(fold_lname, 4) as prefix from users where length(fold_lname) >= 4 order by id_user limit 1 offset 500`,
  );
  // Issue 28's budget is PostgreSQL's; PGlite's figures are reported (a 200-row answer costs it tens of ms alone).
  const alone: Budget = onPostgres ? { p99: 50 } : {};
  let ok = true;
  const verdict = (name: string, r: Load) => {
    const broken = failures(r);
    const problems = report.missed(alone, r);
    ok &&= !broken && problems.length === 0;
    report.line(name, r, describe(alone) || '-', broken ? `ERRORS (${broken})` : problems.length ? `OVER (${problems.join('; ')})` : 'ok');
  };
  console.log(
    `\nGames (issue 28): a ${EVENT_SIZE}-person event's door list, and ${players.length} players and ${helpers.length} helpers signing up at once`,
  );
  try {
    if (wanted('door list, 200 signed up')) {
      const url = `${society.base}/api/games/${event}/attendees`;
      verdict(
        'door list, 200 signed up',
        await measured(
          () => load(url, token, true),
          () => load(url, token),
        ),
      );
    }
    if (wanted('door list, search a walk-in')) {
      const url = `${society.base}/api/games/${event}/attendees?q=${encodeURIComponent(String(walkIn?.prefix ?? 'smi'))}`;
      verdict(
        'door list, search a walk-in',
        await measured(
          () => load(url, token, true),
          () => load(url, token),
        ),
      );
    }
    if (wanted('sign-ups at once, 50 members')) {
      const helping = helpers.map(async (h): Promise<ClientRequest[]> => {
        const headers = { authorization: `Bearer ${await society.signIn(h.email)}`, 'content-type': 'application/json' };
        return [{ method: 'POST', path: `/api/games/${contested}/signup`, headers, body: JSON.stringify({ role: 'helper' }) }];
      });
      const clients = await Promise.all([
        ...helping,
        ...players.map(async (p): Promise<ClientRequest[]> => {
          const headers = { authorization: `Bearer ${await society.signIn(p.email)}`, 'content-type': 'application/json' };
          return [
            {
              method: 'POST',
              path: `/api/games/${contested}/signup`,
              headers,
              body: JSON.stringify({ role: 'player', id_character: Number(p.id_character) }),
            },
            { method: 'POST', path: `/api/games/${contested}/signup`, headers, body: JSON.stringify({ role: 'helper' }) },
          ];
        }),
      ]);
      const r = await measured(
        () => loadClients(society.base, clients, true),
        () => loadClients(society.base, clients),
      );
      verdict(`sign-ups at once, ${clients.length} members`, r);
      const [{ going, kept } = { going: 0, kept: 0 }] = await rows(
        sql`select count(*)::int as going, (select players_going from games where id_game = ${contested}) as kept
          from game_signups where id_game = ${contested} and status = 'going' and role = 'player'`,
      );
      if (Number(going) > capacity) {
        ok = false;
        console.log(`OVER CAPACITY: ${going} players going to a game of ${capacity}`);
      }
      // The count the sign-up statement decides by (decision 102) must be the rows' after all those changes at once.
      if (Number(kept) !== Number(going)) {
        ok = false;
        console.log(`COUNT WRONG: the game's row keeps ${kept} players going, its sign-ups have ${going}`);
      }
    }
  } finally {
    await rows(sql`delete from games where id_game in (${event}, ${contested})`);
  }
  return ok;
}
