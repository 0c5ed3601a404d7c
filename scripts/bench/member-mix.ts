// Issue 24's member mix: 50 different members, each signed in once with their own token, each on one connection
// of their own asking only for their own pages (their own id), with an experience entry written now and then on
// one of their own characters (a player logs XP for their own, DESIGN §5). Its budgets are reported, met or
// missed, without failing the run (decision 060): the data-layer redesign of issue 24 is to meet them.
import { sql } from 'drizzle-orm';
import type { ClientRequest, Load } from './load';
import { type Budget, describe, failures, measured } from './report';
import { rowsOf, type Society } from './society';

export const MIX_MEMBERS = 50;

interface MixMember {
  id: number;
  token: string;
  /** One of the member's own characters, on which they log experience. */
  character: number;
}

/**
 * 50 ordinary members (no position, not an administrator, not disabled) who play at least one character, spread
 * evenly over the society rather than its first or busiest members; each signs in once.
 */
async function mixMembers(society: Society): Promise<MixMember[]> {
  const found = await rowsOf(society.database)(sql`
    with candidates as (
      select u.id_user, min(e.email) as email, min(c.id_character) as id_character,
             row_number() over (order by u.id_user) as rn, count(*) over () as n
      from users u
      join user_emails e on e.id_user = u.id_user
      join characters c on c.id_user = u.id_user
      where not u.is_disabled and not u.is_admin
        and not exists (select 1 from positions p where p.id_user = u.id_user)
      group by u.id_user
    )
    select id_user, email, id_character from candidates
    where (rn - 1) % greatest(1, n / ${MIX_MEMBERS}) = 0
    order by id_user
    limit ${MIX_MEMBERS}`);
  if (found.length < MIX_MEMBERS)
    throw new Error(`The member mix needs ${MIX_MEMBERS} members who play a character; this society has ${found.length}.`);
  return Promise.all(
    found.map(async (m) => ({ id: Number(m.id_user), token: await society.signIn(m.email), character: Number(m.id_character) })),
  );
}

const get = (m: MixMember, path: string): ClientRequest => ({ method: 'GET', path, headers: { authorization: `Bearer ${m.token}` } });

/** The six pages' calls, as the SPA asks for them (its default sort, page 1 of 10 rows). */
const pages: [name: string, request: (m: MixMember) => ClientRequest][] = [
  ['member record', (m) => get(m, `/api/user/${m.id}`)],
  ['overview figures', (m) => get(m, `/api/user/${m.id}/overview`)],
  ['prestige aggregates', (m) => get(m, `/api/prestiges/user/${m.id}/aggregates`)],
  ['my characters', (m) => get(m, `/api/characters/user/${m.id}?sortBy=id_character&direction=asc&page=1&count=10`)],
  ['notifications', (m) => get(m, '/api/notifications?count=10')],
  ['prestige record', (m) => get(m, `/api/prestiges/user/${m.id}?sortBy=prestige_datetime&direction=desc&page=1&count=10`)],
];
const xpEntry = (m: MixMember): ClientRequest => ({
  method: 'POST',
  path: '/api/character/xpLogs/add',
  headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ id_character: m.character, xp_type: 'Earn', xp_amount: 1, xp_description: 'Session attended' }),
});

interface MixCall {
  name: string;
  /** One member's cycle of requests. */
  cycle: (m: MixMember) => ClientRequest[];
  budget: Budget;
  writes?: boolean;
}

/** Issue 24's "Done when": on PostgreSQL at 100,000 members, and on PGlite (the demo society). */
function mixCalls(onPostgres: boolean): MixCall[] {
  const alone: Budget = onPostgres ? { p99: 50 } : { p99: 100 };
  return [
    ...pages.map(([name, request]): MixCall => ({ name, cycle: (m) => [request(m)], budget: alone })),
    { name: 'XP entry', cycle: (m) => [xpEntry(m)], budget: onPostgres ? { p99: 50, rps: 1000 } : alone, writes: true },
    { name: 'six pages in turn', cycle: (m) => pages.map(([, request]) => request(m)), budget: onPostgres ? {} : alone },
    {
      name: 'six pages + 1 XP entry in 7',
      cycle: (m) => [...pages.map(([, request]) => request(m)), xpEntry(m)],
      budget: onPostgres ? { shareOfHello: 0.1 } : alone,
      writes: true,
    },
  ];
}

interface MixOptions {
  onPostgres: boolean;
  wanted: (name: string) => boolean;
  loadClients: (origin: string, clients: ClientRequest[][], warmUp?: boolean) => Promise<Load>;
  report: {
    header(): void;
    line(name: string, r: Load, budget: string, verdict: string): void;
    missed(budget: Budget, r: Load): string[];
  };
}

/** What the mix found: whether every call answered 2xx (one that did not measured something else), and the budgets missed. */
export interface MixOutcome {
  answered: boolean;
  missed: number;
}

/** Measures the mix's calls and prints their own table. */
export async function runMemberMix(society: Society, { onPostgres, wanted, loadClients, report }: MixOptions): Promise<MixOutcome> {
  const outcome: MixOutcome = { answered: true, missed: 0 };
  const calls = mixCalls(onPostgres).filter((c) => wanted(c.name));
  if (calls.length === 0) return outcome;
  const members = await mixMembers(society);
  const characters = sql.join(
    members.map((m) => sql`${m.character}`),
    sql`, `,
  );
  const rows = rowsOf(society.database);
  console.log(
    `\nThe member mix: ${MIX_MEMBERS} different members, one connection each, each asking for their own pages (budgets reported, not yet enforced: decision 060)`,
  );
  report.header();
  for (const call of calls) {
    const clients = members.map(call.cycle);
    const [{ last } = { last: 0 }] = call.writes ? await rows(sql`select coalesce(max(id_xp_log), 0) as last from xp_logs`) : [];
    const r = await measured(
      () => loadClients(society.base, clients, true),
      () => loadClients(society.base, clients),
    );
    if (call.writes) {
      const written = sql`from xp_logs where id_xp_log > ${Number(last)} and id_character in (${characters})`;
      if (process.env.BENCH_DEBUG)
        console.log(
          JSON.stringify((await rows(sql`select count(*)::int as entries, count(distinct id_user_author)::int as authors ${written}`))[0]),
        );
      // The entries written are taken out again, and their characters' balances with them (decision 071), so each
      // run (and each writing call) starts from the seeded logs.
      await rows(
        sql`with gone as (delete ${written} returning id_character, case when is_void then 0 when xp_type = 'Spend' then -xp_amount else xp_amount end as delta)
            update characters c set xp_balance = c.xp_balance - s.delta
            from (select id_character, sum(delta)::int as delta from gone group by id_character) s where c.id_character = s.id_character`,
      );
    }
    const broken = failures(r);
    const problems = report.missed(call.budget, r);
    const wants = describe(call.budget);
    outcome.answered &&= !broken;
    if (wants && problems.length) outcome.missed++;
    const verdict = broken ? `ERRORS (${broken})` : !wants ? '' : problems.length ? `missed (${problems.join('; ')})` : 'met';
    report.line(call.name, r, wants || '-', verdict);
  }
  return outcome;
}
