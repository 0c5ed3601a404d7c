// Submitting an application: its number, its chain, its event, and who is told — and who may.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApproval, buildCharacter, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { applicationForm } from './application-form';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;
let character: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin'));
  const venue = await buildVenue(t.database.db, { id_user_st: id.storyteller! });
  character = (await buildCharacter(t.database.db, { id_user: id.member!, id_venue: venue.id_venue })).id_character;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const application = (extra: Record<string, unknown> = {}) => applicationForm({ character_id: character, ...extra });

describe('POST /api/approval/add', () => {
  it('numbers the application past numbers another domain’s applications already hold under the same code', async () => {
    const first = (await post('/api/approval/add', 'member', application())).json().result.app_number as string;
    const [, prefix, seq] = /^(.*)-(\d{4})$/.exec(first)!;
    const numbered = (n: number) => `${prefix}-${String(Number(seq) + n).padStart(4, '0')}`;
    // As after a recode that gave this domain a code whose numbers were already given out.
    for (const n of [1, 2, 5]) await buildApproval(t.database.db, { app_number: numbered(n) });
    const res = await post('/api/approval/add', 'member', application());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.app_number).toBe(numbered(6));
    expect((await post('/api/approval/add', 'member', application())).json().result.app_number).toBe(numbered(7));
  });

  it('numbers the application from the player’s domain, assigns the chain, records the event and tells the first approver', async () => {
    const res = await post('/api/approval/add', 'member', application({ app_number: 'XX-HACK' }));
    expect(res.statusCode).toBe(200);
    const { id: approvalId, app_number } = res.json().result;
    const [player] = await rows<{ code: string }>(
      t.database.db,
      sql`select l.location_code as code from users u join locations l on l.id_location = u.id_location where u.id_user = ${id.member}`,
    );
    expect(app_number).toMatch(new RegExp(`^[A-Z]+-${player!.code}-\\d{4}$`));
    const [row] = await rows(t.database.db, sql`select status, id_user_low, app_number from approvals where id = ${approvalId}`);
    expect(row).toEqual({ status: 'Pending Low', id_user_low: id.storyteller, app_number });
    const [event] = await rows(
      t.database.db,
      sql`select id_user, from_status, to_status from approval_events where approval_id = ${approvalId}`,
    );
    expect(event).toEqual({ id_user: id.member, from_status: null, to_status: 'Pending Low' });
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from notifications where id_user = ${id.storyteller} and message like ${`Application ${app_number}%`}`,
      ),
    ).toBe(1);
    const list = (await get(`/api/approvals/character/${character}`, 'member')).json().result;
    expect(list.rows.map((a: { app_number: string }) => a.app_number)).toContain(app_number);
  });

  it('gives 20 concurrent submissions 20 distinct numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/approval/add', 'member', application({ description: `Burst ${i}` }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().result.app_number)).size).toBe(20);
  });

  it.each(['description', 'category', 'justification', 'character_sheet', 'mechanics', 'required_approval'])(
    'answers 400 naming %s when it is missing',
    async (field) => {
      const res = await post('/api/approval/add', 'member', application({ [field]: undefined }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    },
  );

  it('refuses another member’s character (403) and its list (403); 404 for an unknown one', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from approvals`);
    expect((await post('/api/approval/add', 'coordinator', application())).statusCode).toBe(403);
    expect((await get(`/api/approvals/character/${character}`, 'coordinator')).statusCode).toBe(403);
    expect((await post('/api/approval/add', 'member', application({ character_id: 99999999 }))).statusCode).toBe(404);
    expect(await scalar(t.database.db, sql`select count(*)::int from approvals`)).toBe(before);
  });
});

describe('GET /api/approvals/get pages', () => {
  it('gives every page, near and far, the rows a plain query gives, for each sort', async () => {
    const db = t.database.db;
    // Totals are remembered from 1 on here, so far pages take their ids from the end as they do at scale.
    Object.assign(t.database.lists.options, { rememberFrom: 1 });
    onTestFinished(() => void Object.assign(t.database.lists.options, { rememberFrom: 1000 }));
    const cases = [
      { query: 'sortBy=update_date&direction=desc', order: sql`a.update_date desc, a.id desc` },
      { query: 'sortBy=level_since&direction=asc', order: sql`a.level_since, a.id` },
      { query: 'sortBy=description&direction=asc', order: sql`lower(a.description), a.id` },
      { query: 'sortBy=player_name&direction=desc', order: sql`lower(u.user_lname) desc, u.id_user desc, a.id desc` },
      { query: 'sortBy=venue_name&direction=asc', order: sql`lower(v.venue_name), a.id` },
      { query: 'sortBy=required_approval&direction=asc', order: sql`a.required_approval, a.id` },
    ];
    // Some applications last changed by someone, so the name of who changed them is checked too.
    await db.execute(sql`update approvals set updated_by = (select min(id_user) from users) where id % 3 = 0`);
    for (const { query, order } of cases) {
      const expected = await rows<Record<string, unknown>>(
        db,
        sql`select a.id, c.character_name, trim(concat_ws(' ', u.user_fname, u.user_lname)) as player_name, u.user_camnum,
              v.venue_name, case when w.id_user is null then null else trim(concat_ws(' ', w.user_fname, w.user_lname)) end as updated_by_name
            from approvals a join characters c on c.id_character = a.character_id join users u on u.id_user = c.id_user
              left join venues v on v.id_venue = c.id_venue left join users w on w.id_user = a.updated_by order by ${order}`,
      );
      expect(expected.some((r) => r.updated_by_name) && expected.some((r) => r.venue_name)).toBe(true);
      const pages = Math.ceil(expected.length / 5);
      expect(pages).toBeGreaterThan(2);
      for (const page of [1, 1, 2, Math.ceil(pages / 2) + 1, pages - 1, pages]) {
        const res = (await get(`/api/approvals/get?${query}&count=5&page=${page}`, 'admin')).json().result;
        expect(res.count).toBe(expected.length);
        const fields = ({ id, character_name, player_name, user_camnum, venue_name, updated_by_name }: Record<string, unknown>) => ({
          id: Number(id),
          character_name,
          player_name,
          user_camnum,
          venue_name,
          updated_by_name,
        });
        expect(res.rows.map(fields)).toEqual(expected.slice((page - 1) * 5, page * 5).map(fields));
      }
    }
  });
});
