// PGlite runs the API's statements with bound parameters, through its extended protocol (issue 24): every kind of
// value arrives as the driver sends it, never quoted into the statement's text. The driver is node-postgres, as on
// PostgreSQL (decision 127): its client behind Drizzle is what the API's statements go through.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './index';

let database: Database;
let client: pg.Pool;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite-memory' });
  client = (database.db as unknown as { $client: pg.Pool }).$client;
  await client.query('create table kinds (id serial primary key, t text, n int, b boolean, d date, ts timestamptz, j jsonb, a int[])');
});
afterAll(() => database?.close());

describe('PGlite statements with bound parameters', () => {
  it('binds values as parameters: no statement is PREPAREd with them as literals', async () => {
    const { rows } = await client.query<{ t: string }>('select $1::text as t, $2::int as n', ["it's", 7]);
    expect(rows[0]!.t).toBe("it's");
    await client.query('select count(*)::int as n from kinds where n = $1', [7]);
    const prepared = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]!.n).toBe(0);
  });

  it.each([
    ["it's", 'a quote'],
    ["back\\slash \\\\ and \\'", 'backslashes and a quote'],
    ['Ñúñez — 東京 🎲', 'non-ASCII'],
    ["'); drop table kinds; --", 'an injection attempt'],
    ['', 'the empty string'],
  ])('keeps the text %j (%s)', async (text) => {
    const { rows } = await client.query<{ t: string }>('select $1::text as t', [text]);
    expect(rows[0]!.t).toBe(text);
    const inserted = await client.query<{ id: number }>('insert into kinds (t) values ($1) returning id', [text]);
    const back = await client.query<{ t: string }>('select t from kinds where id = $1', [inserted.rows[0]!.id]);
    expect(back.rows[0]!.t).toBe(text);
  });

  it('coerces numbers, booleans, dates, null and JSON text to the parameters’ types', async () => {
    const at = new Date('2026-10-02T12:34:56.789Z');
    const { rows } = await client.query<Record<string, unknown>>(
      'insert into kinds (n, b, d, ts, j) values ($1, $2, $3, $4, $5) returning n, b, d::text as d, ts, j, t',
      [-42, false, '2026-10-02', at, '{"a":[1,"x"]}'],
    );
    expect(rows[0]).toEqual({ n: -42, b: false, d: '2026-10-02', ts: at, j: { a: [1, 'x'] }, t: null });
  });

  it('takes a list of ids (db/sql-fragments.ts) as an array literal, empty or not', async () => {
    const { rows } = await client.query<{ a: number[] }>('insert into kinds (a) values ($1) returning a', [[1, -2, 3]]);
    expect(rows[0]!.a).toEqual([1, -2, 3]);
    const among = (ids: number[]) => client.query<{ n: number }>('select count(*)::int as n from kinds where n = any($1::int[])', [ids]);
    await client.query('insert into kinds (n) values (7), (8), (9)');
    expect((await among([7, 9, 100])).rows[0]!.n).toBe(2);
    expect((await among([])).rows[0]!.n).toBe(0);
  });

  it('takes other arrays, and parameters whose type the statement does not declare', async () => {
    const { rows } = await client.query<{ t: string[] }>('select $1::text[] as t', [['a', "b'c"]]);
    expect(rows[0]!.t).toEqual(['a', "b'c"]);
    // A parameter the statement does not type: the query still answers.
    const { rows: untyped } = await client.query<{ v: string }>('select $1 as v', ['x']);
    expect(untyped[0]!.v).toBe('x');
    await expect(client.query('select t from kinds where n = $1', ['not a number'])).rejects.toThrow(/invalid input syntax/);
  });

  it('answers arrays of rows for Drizzle and reports errors with their SQLSTATE', async () => {
    const result = await client.query({ text: 'select 1 as one, $1::text as two', values: ['2'], rowMode: 'array' });
    expect(result.rows).toEqual([[1, '2']]);
    expect(result.fields.map((f) => f.name)).toEqual(['one', 'two']);
    await client.query("insert into kinds (id, t) values (1000, 'x')");
    await expect(client.query('insert into kinds (id, t) values ($1, $2)', [1000, 'y'])).rejects.toMatchObject({ code: '23505' });
  });
});
