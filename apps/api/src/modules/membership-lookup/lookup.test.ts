// GET /users: staff only, each filter and combination against counts computed in SQL, email for coordinators.
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { foldedWords, users, userEmails } from '../../db/index';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['member', 'storyteller', 'coordinator', 'admin']) token[who] = await t.tokenFor(`${who}@guildhall.test`);
  const [ada] = await t.database.db
    .insert(users)
    .values([
      { user_fname: 'Ada', user_lname: 'Lovelace', user_camnum: 'ZZ0000000001', user_type: 'Troupe', user_expiration: '2031-05-05' },
      {
        user_fname: 'José',
        user_mname: 'María',
        user_lname: 'Núñez',
        user_camnum: 'ZZ0000000002',
        user_type: 'Troupe',
        user_expiration: '2031-06-06',
      },
    ])
    .returning();
  await t.database.db.insert(userEmails).values({ id_user: ada!.id_user, email: 'ada.lovelace@analytical.test' });
});
afterAll(async () => {
  await t?.close();
});

const lookup = (query: string, who = 'coordinator') =>
  t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: bearer(token[who]!) });
/** A word as SQL reads it without the index: a prefix of one of the four folded names. */
const startsAName = (word: string) =>
  sql`(u.fold_fname like ${`${word}%`} or u.fold_mname like ${`${word}%`} or u.fold_lname like ${`${word}%`} or u.fold_nick like ${`${word}%`})`;
const ids = (res: { json: () => { result: { rows: { id_user: number }[] } } }) => res.json().result.rows.map((r) => r.id_user);

describe('GET /api/users', () => {
  it('pages by 10, newest id first, with the total over all pages', async () => {
    const res = await lookup('');
    expect(res.statusCode).toBe(200);
    const expected = await rows<{ id_user: number }>(t.database.db, sql`select id_user from users order by id_user desc limit 10`);
    expect(ids(res)).toEqual(expected.map((r) => r.id_user));
    expect(res.json().result.count).toBe(await scalar(t.database.db, sql`select count(*)::int from users`));
    const page2 = await lookup('?page=2');
    const expected2 = await rows<{ id_user: number }>(
      t.database.db,
      sql`select id_user from users order by id_user desc limit 10 offset 10`,
    );
    expect(ids(page2)).toEqual(expected2.map((r) => r.id_user));
  });

  it('finds names whatever their case and accents, every word starting a name', async () => {
    expect(ids(await lookup('?name=ada%20love')).length).toBeGreaterThanOrEqual(1);
    expect((await lookup('?name=ada%20love')).json().result.rows.some((r: { user_lname: string }) => r.user_lname === 'Lovelace')).toBe(
      true,
    );
    const jose = (await lookup('?name=jose%20nunez')).json().result.rows;
    expect(jose.map((r: { user_camnum: string }) => r.user_camnum)).toEqual(['ZZ0000000002']);
    expect((await lookup('?name=JOSÉ%20maría')).json().result.rows.map((r: { user_camnum: string }) => r.user_camnum)).toEqual([
      'ZZ0000000002',
    ]);
    expect((await lookup('?name=velace')).json().result.count).toBe(0);
  });

  it('filters by membership number prefix, type, expiry dates and domain, alone and together', async () => {
    expect((await lookup('?membershipCode=zz00')).json().result.count).toBe(2);
    const troupe = await scalar(t.database.db, sql`select count(*)::int from users where user_type = 'Troupe'`);
    expect((await lookup('?userType=Troupe')).json().result.count).toBe(troupe);
    const window = await scalar(
      t.database.db,
      sql`select count(*)::int from users where user_expiration between '2027-01-01' and '2027-06-30'`,
    );
    expect((await lookup('?from=2027-01-01&to=2027-06-30')).json().result.count).toBe(window);
    const both = await scalar(
      t.database.db,
      sql`select count(*)::int from users where user_type = 'Troupe' and user_expiration >= '2031-06-01'`,
    );
    expect((await lookup('?userType=Troupe&from=2031-06-01')).json().result.count).toBe(both);
    const member = await t.idOf('member@guildhall.test');
    const [loc] = await rows<{ id: number; p: string }>(
      t.database.db,
      sql`select l.id_location as id, l.id_parent_location as p from users u join locations l on l.id_location = u.id_location where u.id_user = ${member}`,
    );
    const inDomain = await scalar(
      t.database.db,
      sql`select count(*)::int from users u join locations l on l.id_location = u.id_location where u.id_location = ${loc!.id} or (',' || l.id_parent_location || ',') like ${`%,${loc!.id},%`}`,
    );
    const res = await lookup(`?locations=${loc!.p},${loc!.id}`);
    expect(res.json().result.count).toBe(inDomain);
    expect(ids(res)).toContain(member);
    const region = loc!.p.split(',').at(-1);
    const inRegion = await scalar(
      t.database.db,
      sql`select count(*)::int from users u join locations l on l.id_location = u.id_location where (',' || l.id_parent_location || ',') like ${`%,${region},%`}`,
    );
    expect((await lookup(`?locations=${loc!.p}`)).json().result.count).toBe(inRegion);
    const lastNameSorted = (await lookup('?sortBy=user_lname&direction=asc&count=20'))
      .json()
      .result.rows.map((r: { user_lname: string }) => r.user_lname);
    expect(lastNameSorted).toEqual(
      await rows<{ l: string }>(t.database.db, sql`select user_lname as l from users order by user_lname asc, id_user asc limit 20`).then(
        (r) => r.map((x) => x.l),
      ),
    );
  });

  it('shows email to coordinators and administrators only, and lets only them search by it', async () => {
    const asCoordinator = (await lookup('?email=analytical')).json().result.rows;
    expect(asCoordinator.map((r: { email: string }) => r.email)).toEqual(['ada.lovelace@analytical.test']);
    const asStoryteller = await lookup('?name=ada%20lovelace', 'storyteller');
    expect(asStoryteller.statusCode).toBe(200);
    expect(asStoryteller.json().result.rows.every((r: { email: string | null }) => r.email === null)).toBe(true);
    expect((await lookup('?email=analytical', 'storyteller')).statusCode).toBe(403);
  });

  it('gives each row its own member’s first e-mail on every row of several pages, and finds by e-mail as SQL does (issue 23)', async () => {
    for (const page of [1, 2, 7]) {
      const list = (await lookup(`?count=25&page=${page}&sortBy=user_lname&direction=asc`)).json().result.rows as {
        id_user: number;
        email: string | null;
      }[];
      expect(list).toHaveLength(25);
      const expected = await rows<{ id_user: number; email: string | null }>(
        t.database.db,
        sql`select u.id_user, (select e.email from user_emails e where e.id_user = u.id_user order by e.id_email limit 1) as email
            from users u order by u.user_lname, u.id_user limit 25 offset ${(page - 1) * 25}`,
      );
      expect(list.map((r) => [r.id_user, r.email])).toEqual(expected.map((r) => [r.id_user, r.email]));
    }
    const found = (await lookup('?email=example.org&count=100')).json().result;
    expect(found.count).toBe(
      await scalar(
        t.database.db,
        sql`select count(*)::int from users u where exists (select 1 from user_emails e where e.id_user = u.id_user and e.email like '%example.org%')`,
      ),
    );
  });

  it('keeps e-mails from a storyteller looking up the same name at the same moment as a coordinator', async () => {
    // Rows read by keys are batched across requests: those who may see e-mails and those who may not never share.
    const [coordinator, storyteller, again] = await Promise.all([
      lookup('?name=ada%20lovelace'),
      lookup('?name=ada%20lovelace', 'storyteller'),
      lookup('?name=ada%20lovelace'),
    ]);
    for (const res of [coordinator, again]) {
      expect(res.json().result.rows.find((r: { user_lname: string }) => r.user_lname === 'Lovelace').email).toBe(
        'ada.lovelace@analytical.test',
      );
    }
    expect(storyteller.json().result.rows.length).toBeGreaterThan(0);
    expect(storyteller.json().result.rows.every((r: { email: string | null }) => r.email === null)).toBe(true);
  });

  it('gives every page, near and far, the rows and total a plain query gives, for each sort, once the total is remembered', async () => {
    // Totals are remembered from 1 on here, so pages are read as they are at scale: in one statement, far ones from the end.
    Object.assign(t.database.lists.options, { rememberFrom: 1 });
    onTestFinished(() => void Object.assign(t.database.lists.options, { rememberFrom: 1000 }));
    const total = await scalar(t.database.db, sql`select count(*)::int from users`);
    const pages = Math.ceil(total / 5);
    expect(pages).toBeGreaterThan(2);
    const cases = [
      { query: 'sortBy=id_user&direction=desc', order: sql`u.id_user desc` },
      { query: 'sortBy=user_lname&direction=asc', order: sql`u.user_lname, u.id_user` },
      { query: 'sortBy=user_fname&direction=desc', order: sql`u.user_fname desc, u.id_user desc` },
      { query: 'sortBy=user_camnum&direction=asc', order: sql`u.user_camnum, u.id_user` },
      { query: 'sortBy=user_expiration&direction=desc', order: sql`u.user_expiration desc, u.id_user desc` },
      { query: 'sortBy=user_type&direction=asc', order: sql`u.user_type, u.id_user` },
    ];
    for (const { query, order } of cases) {
      const expected = await rows<{ id_user: number; email: string | null }>(
        t.database.db,
        sql`select u.id_user, (select e.email from user_emails e where e.id_user = u.id_user order by e.id_email limit 1) as email
            from users u order by ${order}`,
      );
      for (const page of [1, 1, 2, Math.ceil(pages / 2) + 1, pages - 1, pages, pages + 1]) {
        const want = expected.slice((page - 1) * 5, page * 5);
        for (const who of ['coordinator', 'storyteller']) {
          const res = (await lookup(`?${query}&count=5&page=${page}`, who)).json().result;
          expect(res.count).toBe(total);
          expect(res.rows.map((r: { id_user: number; email: string | null }) => [r.id_user, r.email])).toEqual(
            want.map((r) => [Number(r.id_user), who === 'coordinator' ? r.email : null]),
          );
        }
      }
    }
  });

  it('finds by several words alone as SQL does, in any order, two words in one name, letters beyond 16 bits', async () => {
    const added = await t.database.db
      .insert(users)
      .values([
        { user_fname: 'Adam', user_lname: 'Lomax', user_nick: 'Ad Lo', user_camnum: 'ZZ0000000003', user_type: 'Troupe' },
        { user_fname: '𝔸𝔹ra', user_lname: 'Lo', user_camnum: 'ZZ0000000004', user_type: 'Troupe' },
      ])
      .returning();
    onTestFinished(() =>
      t.database.db
        .delete(users)
        .where(
          inArray(
            users.id_user,
            added.map((u) => u.id_user),
          ),
        )
        .then(() => undefined),
    );
    for (const name of ['ada lo', 'lo ada', 'ada ad', 'ad lovelace', 'ada lo love', 'a lo', 'ad lo', '𝔸𝔹 lo', 'lo 𝔸𝔹r', 'jo nu ma']) {
      const where = sql.join(
        foldedWords(name).map((w) => startsAName(w)),
        sql` and `,
      );
      const res = await lookup(`?name=${encodeURIComponent(name)}&count=50`);
      expect(res.statusCode).toBe(200);
      const want = await rows<{ id_user: number }>(
        t.database.db,
        sql`select u.id_user from users u where ${where} order by u.id_user desc limit 50`,
      );
      expect(ids(res), name).toEqual(want.map((r) => Number(r.id_user)));
      expect(want.length, name).toBeGreaterThan(0);
      expect(res.json().result.count, name).toBe(await scalar(t.database.db, sql`select count(*)::int from users u where ${where}`));
    }
  });

  it('finds names among other filters and by place, as SQL does: every word a prefix of one of the four names', async () => {
    for (const [name, words] of [
      ['ada lo', ['ada', 'lo']],
      ['M', ['m']],
      ['JOSÉ maría n', ['jose', 'maria', 'n']],
    ] as const) {
      const where = sql.join(
        words.map((w) => startsAName(w)),
        sql` and `,
      );
      const res = await lookup(`?name=${encodeURIComponent(name)}&userType=Troupe&count=50`);
      expect(res.statusCode).toBe(200);
      const want = await rows<{ id_user: number }>(
        t.database.db,
        sql`select u.id_user from users u where ${where} and u.user_type = 'Troupe' order by u.id_user desc limit 50`,
      );
      expect(ids(res)).toEqual(want.map((r) => Number(r.id_user)));
      expect(res.json().result.count).toBe(
        await scalar(t.database.db, sql`select count(*)::int from users u where ${where} and u.user_type = 'Troupe'`),
      );
      const byPlace = await lookup(`?name=${encodeURIComponent(name)}&sortBy=location_name&direction=asc&count=50`);
      const placed = await rows<{ id_user: number }>(
        t.database.db,
        sql`select u.id_user from users u left join locations l on l.id_location = u.id_location where ${where}
            order by l.location_name asc, u.id_user asc limit 50`,
      );
      expect(ids(byPlace)).toEqual(placed.map((r) => Number(r.id_user)));
    }
    expect(ids(await lookup('?name=ada%20lo&userType=Troupe'))).not.toHaveLength(0);
  });

  it('sorts by place as SQL does, each way, the place read on every row', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      for (const page of [1, 2]) {
        const got = (await lookup(`?sortBy=location_name&direction=${direction}&count=5&page=${page}`)).json().result.rows as {
          id_user: number;
          location_name: string | null;
        }[];
        const want = await rows<{ id_user: number; location_name: string | null }>(
          t.database.db,
          sql`select u.id_user, l.location_name from users u left join locations l on l.id_location = u.id_location
              order by l.location_name ${sql.raw(direction)}, u.id_user ${sql.raw(direction)} limit 5 offset ${(page - 1) * 5}`,
        );
        expect(got.map((r) => [r.id_user, r.location_name])).toEqual(want.map((r) => [Number(r.id_user), r.location_name]));
      }
    }
  });

  it('refuses a plain member with 403', async () => {
    const res = await lookup('', 'member');
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('user_camnum');
  });

  it.each([
    ['?sortBy=password_hash', 'sortBy'],
    ['?userType=Wizard', 'userType'],
    ['?from=2026-13-40x', 'from'],
    ['?from=2027-01-01&to=2026-01-01', 'to'],
    ['?locations=1,a', 'locations'],
    ['?count=1000', 'count'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await lookup(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(field);
  });
});
