// On PostgreSQL a statement prepared by name where it is written is prepared once per connection and keeps its plan:
// the page of a list's view whose filters are placeholders (db/list.ts `prepared`), here the whole society's lookup.
import { lookupQuery } from '@guildhall/shared/schemas/membership-lookup';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { characterSearchQuery } from '@guildhall/shared/schemas/characters';
import { venueCensusQuery, venueListQuery } from '@guildhall/shared/schemas/venues';
import { searchCharacters } from '../modules/characters/character-search.service';
import { lookupMembers } from '../modules/membership-lookup/lookup.service';
import { venuesWithCharacterCount } from '../modules/venues/census.service';
import { listVenues } from '../modules/venues/venues.service';
import { buildMember } from '../test/factories';
import { onOneConnection } from '../test/one-connection';
import { rows } from '../test/sql';

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('statements prepared by name on PostgreSQL', () => {
  const database = onOneConnection();
  const prepared = () => database.prepared();
  const idsOfPage = async (page: number, withEmail: boolean, sort = {}) =>
    (await lookupMembers(database.db, lookupQuery.parse({ ...sort, page: String(page) }), { withEmail })).rows.map((r) => r.id_user);
  // Independent SQL: the ids of a page of `matches` (a select of `id`) in `order`, and how many it matches in all.
  const pageAndTotal = async (matches: SQL, order: SQL, page: number) => {
    const ids = await rows<{ id: number }>(database.db, sql`${matches} order by ${order} limit 10 offset ${(page - 1) * 10}`);
    const [total] = await rows<{ n: number }>(database.db, sql`select count(*)::int n from (${matches}) m`);
    return { ids: ids.map((r) => r.id), count: total!.n };
  };
  const expected = async (page: number, order = sql`id_user desc`) =>
    (await rows<{ id_user: number }>(database.db, sql`select id_user from users order by ${order} limit 10 offset ${(page - 1) * 10}`)).map(
      (r) => r.id_user,
    );

  it('reads every page of the whole society through one statement per sort, with e-mails or without', async () => {
    await buildMember(database.db, { user_fname: 'Odile', user_lname: 'Quill' });
    for (const page of [1, 2]) {
      expect(await idsOfPage(page, true)).toEqual(await expected(page));
      expect(await idsOfPage(page, false)).toEqual(await expected(page));
    }
    const pages = (await prepared()).filter((s) => s.name.startsWith('lookup_page'));
    // Both pages, each way, ran the one statement prepared for the sort.
    expect(pages.map((s) => s.name)).toEqual(['lookup_page_id_user_desc', 'lookup_page_with_email_id_user_desc']);
    expect(pages[0]!.statement).toMatch(/limit \(select \$\d+::bigint\) offset \(select \$\d+::bigint\)/);
  });

  it('plans a page once, whichever page it is', async () => {
    // A plan made for a limit of ten costs less than the generic plan's guess, so a bare `limit $1` would be planned
    // afresh on every run; behind the subqueries PostgreSQL keeps the generic plan from the sixth run on.
    const { id_location } = await buildMember(database.db, { user_fname: 'Plano', user_lname: 'Once' });
    // Enough members that a page costs more to read than one row (on a small table a scan costs the same for both).
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Member ' || i, 'PO' || i, 'LARP', '2099-12-31', ${id_location} from generate_series(1, 5000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PO%'`)));
    await database.db.execute(sql`analyze users`);
    // A sort not asked for before: its statement is made now, on the 5,000 members.
    const byName = { sortBy: 'user_lname', direction: 'asc' };
    for (let page = 1; page <= 8; page++) {
      expect(await idsOfPage(page, false, byName)).toEqual(await expected(page, sql`user_lname asc, id_user asc`));
    }
    const ran = (await prepared()).filter((p) => p.name === 'lookup_page_user_lname_asc');
    expect(Number(ran[0]!.generic_plans) + Number(ran[0]!.custom_plans)).toBe(8);
    expect(Number(ran[0]!.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(ran[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });
  it('plans a lookup by one word for the word typed, and runs every lookup by several words through one statement', async () => {
    // A kept generic plan for one word would read a one-letter prefix's 5,000 members through the index of the names'
    // starts. Several words narrow each other: one statement prepared by name, whatever their number, its plan kept
    // (its members found first, decision 154).
    const { id_location } = await buildMember(database.db, { user_fname: 'Ñandu', user_lname: 'Prefix' });
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Named ' || i, 'PN' || i, 'LARP', '2099-12-31', ${id_location} from generate_series(1, 5000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PN%'`)));
    await database.db.execute(sql`analyze users`);
    const byName = async (name: string, page: number) =>
      (
        await lookupMembers(database.db, lookupQuery.parse({ name, sortBy: 'user_lname', direction: 'asc', page: String(page) }), {
          withEmail: false,
        })
      ).rows.map((r) => r.id_user);
    const matching = async (where: ReturnType<typeof sql>, page: number) =>
      (
        await rows<{ id_user: number }>(
          database.db,
          sql`select id_user from users where ${where} order by user_lname asc, id_user asc limit 10 offset ${(page - 1) * 10}`,
        )
      ).map((r) => r.id_user);
    const startsAName = (prefix: string) =>
      sql`(fold_fname like ${`${prefix}%`} or fold_mname like ${`${prefix}%`} or fold_lname like ${`${prefix}%`} or fold_nick like ${`${prefix}%`})`;
    for (let page = 1; page <= 7; page++) expect(await byName('m', page)).toEqual(await matching(startsAName('m'), page));
    // Two words and more, short and long, common and rare, on pages near and far.
    for (const [words, page] of [
      ['MANY nam', 2],
      ['m n', 1],
      ['named many', 5],
      ['n m', 300],
      ['many named 49', 1],
      ['nandu p', 1],
      ['m zzq', 1],
      ['prefix n', 1],
      ['nam ma', 3],
      ['m n', 450],
      ['m n m n m', 2],
    ] as const) {
      const [first, ...others] = words.toLowerCase().split(' ');
      const where = sql.join([startsAName(first!), ...others.map(startsAName)], sql` and `);
      expect(await byName(words, page)).toEqual(await matching(where, page));
    }
    expect(await byName('MANY nam', 2)).toEqual(await matching(sql`user_fname = 'Many' and user_lname like 'Named%'`, 2));
    expect(await byName('nandu', 1)).toEqual(await matching(sql`user_fname = 'Ñandu'`, 1));
    const kept = (await prepared()).filter((s) => s.statement.includes('name_starts'));
    expect(kept.map((s) => s.name)).toEqual(['lookup_words_user_lname_asc', 'lookup_words_user_lname_asc_from_end']);
    // The twelve lookups by several words, and only they, ran through them; the page read from the start was planned
    // for PostgreSQL's first five runs only, then ran on its kept plan.
    expect(kept.reduce((runs, s) => runs + Number(s.generic_plans) + Number(s.custom_plans), 0)).toBe(12);
    expect(Number(kept[0]!.custom_plans)).toBe(5);
    expect(Number(kept[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('keeps a lookup by number under a name, planned for the prefix typed while a generic plan would cost more', async () => {
    // 3,000 numbers of one prefix: a kept generic plan would walk the members in id order, filtering each number.
    const { id_location } = await buildMember(database.db, { user_fname: 'Numa', user_lname: 'Prefix' });
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Numbered ' || i, 'PB' || lpad(i::text, 5, '0'), 'LARP', '2099-12-31', ${id_location} from generate_series(1, 3000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PB%'`)));
    await database.db.execute(sql`analyze users`);
    const byNumber = async (membershipCode: string, page: number, sort: object, withEmail: boolean) => {
      const query = lookupQuery.parse({ membershipCode, ...sort, page: String(page) });
      const { rows: found, count } = await lookupMembers(database.db, query, { withEmail });
      return { ids: found.map((r) => r.id_user), count, emails: found.map((r) => r.email) };
    };
    const matching = (prefix: string, page: number, order: SQL) =>
      pageAndTotal(sql`select id_user id from users where user_camnum like ${`${prefix}%`}`, order, page);
    for (const [prefix, page] of [
      ['pb', 1],
      ['PB', 150],
      ['pb0299', 1],
      ['PB02', 7],
      ['PB1', 1],
      ['PBX', 1],
    ] as const) {
      const found = await byNumber(prefix, page, {}, false);
      expect({ ids: found.ids, count: found.count }).toEqual(await matching(prefix.toUpperCase(), page, sql`id_user desc`));
      const byName = await byNumber(prefix, page, { sortBy: 'user_lname', direction: 'asc' }, true);
      expect({ ids: byName.ids, count: byName.count }).toEqual(
        await matching(prefix.toUpperCase(), page, sql`user_lname asc, id_user asc`),
      );
    }
    // Staff who may see e-mails see each member's own: two addresses each for ten of them, the first written first.
    await database.db.execute(sql`insert into user_emails (id_user, email)
      select id_user, lower(user_camnum) || suffix from users, (values ('@first.test', 1), ('@second.test', 2)) e(suffix, n)
      where user_camnum like 'PB0001%' order by n, id_user`);
    const ten = await byNumber('PB0001', 1, {}, true);
    const own = await rows<{ id: number; email: string }>(
      database.db,
      sql`select id_user id, lower(user_camnum) || '@first.test' email from users where user_camnum like 'PB0001%' order by id_user desc`,
    );
    expect(ten.ids.map((id, i) => [id, ten.emails[i]])).toEqual(own.map((r) => [r.id, r.email]));
    // Each statement kept under its name; at 3,000 numbers of a prefix PostgreSQL plans the page for each prefix.
    const kept = (await prepared()).filter((s) => s.statement.includes('"user_camnum" like'));
    expect(kept.map((s) => [s.name, s.generic_plans])).toEqual([
      ['lookup_by_number_id_user_desc', 0],
      ['lookup_by_number_with_email_id_user_desc', 0],
      ['lookup_by_number_with_email_user_lname_asc', 0],
      ['lookup_count_by_number', 0],
    ]);
  });

  it('builds the VSS list by a name alone once and plans each page for its text', async () => {
    // 6,000 more sheets: a generic plan reads them in name order, filtering each, and a rare text walks them all.
    await database.db.execute(sql`insert into venues (venue_name, id_venue_type, id_location)
      select (array['Court of ', 'Harbour ', 'Vale '])[1 + i % 3] || 'Sheet ' || i, (select min(id_venue_type) from venue_types),
        (select min(id_location) from locations) from generate_series(1, 6000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from venues where venue_name like '%Sheet %'`)));
    await database.db.execute(sql`analyze venues`);
    const byName = async (vssName: string, page: number, sort: object) => {
      const query = venueListQuery.parse({ ...sort, page: String(page) });
      const { rows: found, count } = await listVenues(database.db, query, { vssName }, async () => []);
      return { ids: found.map((r) => r.id_venue), count };
    };
    const matching = (text: string, page: number, order: SQL) =>
      pageAndTotal(sql`select id_venue id from venues where lower(venue_name) like ${`%${text.toLowerCase()}%`}`, order, page);
    for (const [text, page] of [
      ['court', 1],
      ['COURT of', 150],
      ['zzqx', 1],
      ['sheet 59', 2],
      ['harbour sheet 1', 1],
      ['100%', 1],
    ] as const) {
      expect(await byName(text, page, { sortBy: 'venue_name', direction: 'asc' })).toEqual(
        await matching(text.replace('%', '\\%'), page, sql`lower(venue_name) asc, id_venue asc`),
      );
      expect(await byName(text, page, {})).toEqual(await matching(text.replace('%', '\\%'), page, sql`id_venue desc`));
    }
    // The pages were planned for each text, not kept under a name; the total is (its plan scans the sheets either way).
    const kept = (await prepared()).filter((s) => s.statement.includes('lower("venues"."venue_name") like'));
    expect(kept.map((s) => s.name)).toEqual(['vss_count_by_name']);
  });

  it('builds the character search sorted by player once, under a name, and plans each page for its values', async () => {
    // 2,000 players of one character each: a generic plan, not knowing the limit, would join them all, so PostgreSQL
    // plans every run for its page (on a society of a few hundred the generic plan costs no more, and is kept).
    const { id_location } = await buildMember(database.db, { user_fname: 'Playa', user_lname: 'Sorted' });
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Player ' || i, 'PS' || i, 'LARP', '2099-12-31', ${id_location} from generate_series(1, 2000) i`);
    await database.db.execute(sql`insert into characters (character_name, id_user, id_type, id_subtype, character_virtue, character_vice)
      select 'Character of ' || u.user_lname, u.id_user, c.id_type, c.id_subtype, c.character_virtue, c.character_vice
      from users u, (select * from characters order by id_character limit 1) c where u.user_camnum like 'PS%'`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PS%'`)));
    await database.db.execute(sql`analyze users; analyze characters`);
    for (let page = 1; page <= 7; page++) {
      const query = characterSearchQuery.parse({ sortBy: 'player_name', direction: 'asc', page: String(page) });
      const expected = await rows<{ id: number }>(
        database.db,
        sql`select c.id_character id from characters c join users u on u.id_user = c.id_user
            order by lower(u.user_lname), u.id_user, c.id_character limit 10 offset ${(page - 1) * 10}`,
      );
      expect((await searchCharacters(database.db, query)).rows.map((r) => r.id_character)).toEqual(expected.map((r) => r.id));
    }
    const ran = (await prepared()).filter((s) => s.name === 'character_search_page_player_name_asc');
    expect(ran).toMatchObject([{ generic_plans: 0, custom_plans: 7 }]);
  });

  it('reads the census through one statement per direction, each page counted as SQL counts it', async () => {
    const census = async (direction: 'asc' | 'desc', page: number) =>
      (await venuesWithCharacterCount(database.db, venueCensusQuery.parse({ direction, page: String(page), count: '10' }))).rows.map(
        (r) => ({ id: r.id_venue, n: r.character_count }),
      );
    for (const direction of ['asc', 'desc'] as const) {
      for (const page of [1, 2, 3]) {
        const expected = await rows<{ id: number; n: number }>(
          database.db,
          sql`select v.id_venue id, (select count(*)::int from characters c where c.id_venue = v.id_venue) n from venues v
              order by lower(v.venue_name) ${sql.raw(direction)}, v.id_venue ${sql.raw(direction)} limit 10 offset ${(page - 1) * 10}`,
        );
        expect(await census(direction, page)).toEqual(expected);
      }
    }
    // Three pages each way, each run of the one statement prepared for its direction.
    const statements = (await prepared()).filter((s) => s.name.startsWith('census'));
    expect(statements.map((s) => [s.name, s.generic_plans + s.custom_plans])).toEqual([
      ['census_venue_name_asc', 3],
      ['census_venue_name_desc', 3],
    ]);
  });
});
