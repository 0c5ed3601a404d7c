// The experience log: a running balance, who logged each entry, voiding, and who may do what — every balance
// compared with SQL computed here.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCharacter, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { useCharactersTestApp, requestsAs } from './characters-test-app';

const fixture = useCharactersTestApp();
const { get, post } = requestsAs(fixture);

describe('the experience log', () => {
  const xp = (id_character: number, xp_type: string, xp_amount: unknown, who = 'member') =>
    post('/api/character/xpLogs/add', who, { id_character, xp_type, xp_amount, xp_description: `${xp_type} ${xp_amount}` });
  const sqlBalances = async (id_character: number) =>
    rows<{ id_xp_log: number; xp_balance: number; expected: number }>(
      fixture.t.database.db,
      sql`select id_xp_log, xp_balance,
            (sum(case when is_void then 0 when xp_type = 'Spend' then -xp_amount else xp_amount end) over (order by xp_datetime, id_xp_log))::int as expected
          from xp_logs where id_character = ${id_character} order by xp_datetime, id_xp_log`,
    );

  it('keeps a running balance, records who logged each entry, and refuses a Spend below zero naming the balance', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    expect((await xp(c.id_character, 'Creation Dots', 10)).json().result.xp_balance).toBe(10);
    expect((await xp(c.id_character, 'Spend', '4')).json().result.xp_balance).toBe(6);
    expect((await xp(c.id_character, 'Earn', 2, 'storyteller')).json().result.xp_balance).toBe(8);
    const over = await xp(c.id_character, 'Spend', 9);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].path).toBe('xp_amount');
    expect(over.json().message).toContain('(8)');
    const log = (await get(`/api/character/${c.id_character}/xplogs`, 'member')).json().result;
    expect(log.count).toBe(3);
    expect(log.rows.map((r: { xp_balance: number }) => r.xp_balance)).toEqual([8, 6, 10]);
    expect(log.rows[0].author_name).toBe('Sasha Okafor');
    for (const row of await sqlBalances(c.id_character)) expect(row.xp_balance).toBe(row.expected);
    const detail = (await get(`/api/character/${c.id_character}`, 'member')).json().result;
    expect(detail).toMatchObject({ xp_balance: 8, xp_log_sum: 8, xp_log_count: 3 });
  });

  it.each([
    ['xp_amount', { xp_amount: 2.5 }, 'count must be a whole number'],
    ['xp_amount', { xp_amount: '' }, 'count is a required field'],
    ['xp_amount', { xp_amount: '   ' }, 'count is a required field'],
    ['xp_amount', { xp_amount: null }, 'count is a required field'],
    ['xp_amount', { xp_amount: '1e3' }, 'count must be a number'],
    ['xp_amount', { xp_amount: '0x10' }, 'count must be a number'],
    ['xp_amount', { xp_amount: [5] }, 'count must be a number'],
    ['xp_amount', { xp_amount: true }, 'count must be a number'],
    ['xp_amount', { xp_amount: '10001' }, 'count must be between 1 and 10000'],
    ['xp_type', { xp_type: 'Bribe' }, 'type is a required field'],
    ['xp_description', { xp_description: ' ' }, 'description is a required field'],
    ['id_character', { id_character: true }, 'character is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/character/xpLogs/add', 'member', {
      id_character: fixture.onStVenue,
      xp_type: 'Earn',
      xp_amount: 1,
      xp_description: 'Game night',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: field, message });
  });

  it('lets neither another member nor the coordinator log or read it (403)', async () => {
    expect((await xp(fixture.onStVenue, 'Earn', 1, 'coordinator')).statusCode).toBe(403);
    expect((await get(`/api/character/${fixture.onStVenue}/xplogs`, 'coordinator')).statusCode).toBe(403);
  });

  it('voids an entry for the venue’s storyteller: kept, marked void, balances recomputed', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    await xp(c.id_character, 'Earn', 5);
    const earn = (await xp(c.id_character, 'Earn', 3)).json().result.id_xp_log;
    await xp(c.id_character, 'Spend', 4);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'member', {})).statusCode).toBe(403);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'coordinator', {})).statusCode).toBe(403);
    // The storyteller of another venue may not void there.
    const elsewhere = await buildVenue(fixture.t.database.db, { id_user_st: fixture.id.coordinator });
    const other = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: elsewhere.id_venue });
    const otherEarn = (await xp(other.id_character, 'Earn', 2)).json().result.id_xp_log;
    expect((await post(`/api/character/xpLogs/${otherEarn}/void`, 'storyteller', {})).statusCode).toBe(403);
    const voided = await post(`/api/character/xpLogs/${earn}/void`, 'storyteller', {});
    expect(voided.statusCode).toBe(200);
    for (const row of await sqlBalances(c.id_character)) expect(row.xp_balance).toBe(row.expected);
    const log = (await get(`/api/character/${c.id_character}/xplogs`, 'member')).json().result.rows;
    expect(log.map((r: { xp_balance: number; is_void: boolean }) => [r.xp_balance, r.is_void])).toEqual([
      [1, false],
      [5, true],
      [5, false],
    ]);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'storyteller', {})).statusCode).toBe(409);
  });

  it('refuses a void that would take a later balance below zero (409) and changes nothing', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    const earn = (await xp(c.id_character, 'Earn', 5)).json().result.id_xp_log;
    await xp(c.id_character, 'Spend', 5);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'admin', {})).statusCode).toBe(409);
    expect(
      await scalar(fixture.t.database.db, sql`select count(*)::int from xp_logs where id_character = ${c.id_character} and is_void`),
    ).toBe(0);
  });

  const storedBalance = (id_character: number) =>
    scalar(fixture.t.database.db, sql`select xp_balance from characters where id_character = ${id_character}`);
  const liveSum = (id_character: number) =>
    scalar(
      fixture.t.database.db,
      sql`select coalesce(sum(case when xp_type = 'Spend' then -xp_amount else xp_amount end), 0)::int
          from xp_logs where id_character = ${id_character} and not is_void`,
    );

  it('takes twenty entries at once on one character in turn: balances 1 to 20 in the log’s order', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    const answers = await Promise.all(Array.from({ length: 20 }, () => xp(c.id_character, 'Earn', 1)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.json().result.xp_balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const log = await sqlBalances(c.id_character);
    expect(log.map((row) => row.xp_balance)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const row of log) expect(row.xp_balance).toBe(row.expected);
    expect((await get(`/api/character/${c.id_character}`, 'member')).json().result).toMatchObject({ xp_balance: 20, xp_log_sum: 20 });
    expect(await storedBalance(c.id_character)).toBe(20);
  });

  it('refuses, among Spends at once, each one that would go below zero, naming the balance', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    await xp(c.id_character, 'Earn', 5);
    const answers = await Promise.all(Array.from({ length: 8 }, () => xp(c.id_character, 'Spend', 2)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().code, a.json().message])).toEqual(
      Array(6).fill([400, 'characters.xp_overdraft', 'xp_amount: spending this would take the balance (1) below zero']),
    );
    for (const row of await sqlBalances(c.id_character)) expect(row.xp_balance).toBe(row.expected);
    expect(await storedBalance(c.id_character)).toBe(1);
  });

  it('keeps the character’s balance equal to its live entries’ sum through entries and voids', async () => {
    const c = await buildCharacter(fixture.t.database.db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
    const first = (await xp(c.id_character, 'Earn', 7)).json().result.id_xp_log;
    await xp(c.id_character, 'Spend', 3);
    await xp(c.id_character, 'Earn', 4);
    expect(await storedBalance(c.id_character)).toBe(8);
    expect((await post(`/api/character/xpLogs/${first}/void`, 'storyteller', {})).statusCode).toBe(409);
    const second = (await xp(c.id_character, 'Earn', 2)).json().result.id_xp_log;
    expect((await post(`/api/character/xpLogs/${second}/void`, 'storyteller', {})).statusCode).toBe(200);
    expect(await storedBalance(c.id_character)).toBe(8);
    expect(await storedBalance(c.id_character)).toBe(await liveSum(c.id_character));
  });

  it('answers 404 for an entry on a character that does not exist', async () => {
    const res = await xp(2_000_000_000, 'Earn', 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('characters.not_found');
  });
});
