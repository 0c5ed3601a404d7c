// Issue 23: a character's standing on a style sheet — SPEC §3's review fields on every character row, 'No style
// sheet' for a character without a venue (never Pending, never signed), and the SQL twin and its index agreeing
// with the shared rule.
import { characterVssStatus } from '@guildhall/shared/rules/vss-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSubtypes, type characters, characterTypes, vssStatusOf } from '../../db/index';
import { buildCharacter, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;
let venue: number;
/** A type of this file's own, so the search can be narrowed to this file's characters. */
let typeId: number;
const mine: Record<'pending' | 'accepted' | 'rejected' | 'unknown' | 'noVenue', number> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'storyteller', 'admin'));
  const db = t.database.db;
  venue = (await buildVenue(db, { id_user_st: id.storyteller! })).id_venue;
  const [type] = await db.insert(characterTypes).values({ type_name: 'Issue 23 type' }).returning();
  typeId = type!.id_type;
  const [subtype] = await db.insert(characterSubtypes).values({ subtype_name: 'Issue 23 subtype', id_parent_type: typeId }).returning();
  const build = async (values: Partial<typeof characters.$inferInsert>) =>
    (await buildCharacter(db, { id_user: id.member!, id_type: typeId, id_subtype: subtype!.id_subtype, id_venue: venue, ...values }))
      .id_character;
  mine.pending = await build({ being_reviewed: 'no', st_signed: null });
  mine.accepted = await build({ being_reviewed: 'yes', st_signed: 'yes' });
  mine.rejected = await build({ being_reviewed: 'yes', st_signed: 'no' });
  mine.unknown = await build({ being_reviewed: 'yes', st_signed: null });
  mine.noVenue = await build({ id_venue: null, being_reviewed: 'no', st_signed: null });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
type Row = { id_character: number; being_reviewed: string; st_signed: string | null; vss_status: string };
const expected = () =>
  rows<{ id_character: number; being_reviewed: string; st_signed: string | null; id_venue: number | null }>(
    t.database.db,
    sql`select id_character, being_reviewed, st_signed, id_venue from characters where id_type = ${typeId} order by id_character`,
  ).then((list) =>
    list.map((c) => ({
      id_character: c.id_character,
      being_reviewed: c.being_reviewed,
      st_signed: c.st_signed,
      vss_status: characterVssStatus(c),
    })),
  );
const facts = (list: Row[]) =>
  list.map((r) => ({ id_character: r.id_character, being_reviewed: r.being_reviewed, st_signed: r.st_signed, vss_status: r.vss_status }));

describe('character rows', () => {
  it('carry SPEC’s being_reviewed and st_signed beside vss_status in the player’s list and the search', async () => {
    const own = (await get(`/api/characters/user/${id.member}?count=100`, 'member')).json().result.rows as (Row & { id_type: number })[];
    expect(facts(own.filter((r) => r.id_type === typeId))).toEqual(await expected());
    const search = await get(`/api/characters?typeId=${typeId}&count=100&sortBy=vss_status`, 'storyteller');
    expect(search.statusCode).toBe(200);
    const found = search.json().result.rows as Row[];
    expect(facts(found).sort((a, b) => a.id_character - b.id_character)).toEqual(await expected());
  });

  it('carry them in a style sheet’s list, which offers signing only for the Pending one', async () => {
    const res = await get(`/api/characters/venue/${venue}?count=100`, 'storyteller');
    expect(res.statusCode).toBe(200);
    const list = res.json().result.rows as (Row & { abilities: string[] })[];
    expect(facts(list)).toEqual((await expected()).filter((r) => r.id_character !== mine.noVenue));
    expect(list.filter((r) => r.abilities.includes('sign')).map((r) => r.id_character)).toEqual([mine.pending]);
  });
});

describe('a character without a venue', () => {
  it('has no style sheet in the list, the detail and the search, not Pending', async () => {
    const own = (await get(`/api/characters/user/${id.member}?count=100`, 'member')).json().result.rows as Row[];
    expect(own.find((r) => r.id_character === mine.noVenue)?.vss_status).toBe('No style sheet');
    const detail = await get(`/api/character/${mine.noVenue}`, 'member');
    expect(detail.json().result.vss_status).toBe('No style sheet');
    const found = (await get(`/api/characters?typeId=${typeId}&count=100`, 'admin')).json().result.rows as Row[];
    expect(found.find((r) => r.id_character === mine.noVenue)?.vss_status).toBe('No style sheet');
  });

  it('cannot be accepted or rejected, even by an administrator (409), and stays as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/character/${mine.noVenue}/sign`,
      headers: bearer(token.admin!),
      payload: { resultSigned: 'yes' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('characters.no_style_sheet');
    expect(
      await scalar(t.database.db, sql`select count(*)::int from characters where id_character = ${mine.noVenue} and being_reviewed = 'no'`),
    ).toBe(1);
  });
});

describe('the SQL twin of the rule', () => {
  const cases = [null, 1].flatMap((v) => ['yes', 'no'].flatMap((r) => [null, 'yes', 'no', 'maybe'].map((s) => [v, r, s] as const)));
  const values = sql.join(
    cases.map(([v, r, s]) => sql`(${v}::int, ${r}::text, ${s}::text)`),
    sql`, `,
  );

  it('gives the rule’s status for every venue, being_reviewed and st_signed', async () => {
    const t2 = { id_venue: sql.raw('id_venue'), being_reviewed: sql.raw('being_reviewed'), st_signed: sql.raw('st_signed') };
    const got = await rows<{ status: string }>(
      t.database.db,
      sql`select ${vssStatusOf(t2)} as status from (values ${values}) as c(id_venue, being_reviewed, st_signed)`,
    );
    expect(got.map((g) => g.status)).toEqual(
      cases.map(([id_venue, being_reviewed, st_signed]) => characterVssStatus({ id_venue, being_reviewed, st_signed })),
    );
  });

  it('is the expression of the VSS sort index, as the migrations built it', async () => {
    const [index] = await rows<{ expr: string }>(
      t.database.db,
      sql`select pg_get_expr(i.indexprs, i.indrelid) as expr from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = 'characters_vss_sort_idx'`,
    );
    const got = await rows<{ status: string }>(
      t.database.db,
      sql`select ${sql.raw(index!.expr)} as status from (values ${values}) as c(id_venue, being_reviewed, st_signed)`,
    );
    expect(got.map((g) => g.status)).toEqual(
      cases.map(([id_venue, being_reviewed, st_signed]) => characterVssStatus({ id_venue, being_reviewed, st_signed })),
    );
  });
});
