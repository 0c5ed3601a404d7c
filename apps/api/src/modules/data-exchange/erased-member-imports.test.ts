// Issue 26 (GDPR Art. 17): once a member is erased, an import naming their membership number (a members file, a
// character's player, a prestige entry's member, a post's holder) is refused at that row, dry run or apply, and writes nothing: the
// erased person's name, e-mail, phone and address never come back through a file.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember, buildVenue } from '../../test/factories';
import { type ImportPayload, importRequest } from '../../test/imports';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let erased: number;
const tag = `${Date.now() % 1e8}`;
const [camnum, code, venue] = [`ER${tag}`, `ERD${tag}`, `Erased sheet ${tag}`];
let kind: { type: string; subtype: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('admin'));
  const db = t.database.db;
  const home = (await buildLocation(db, { location_code: code })).id_location;
  await buildVenue(db, { venue_name: venue });
  const [first] = await rows<{ type: string; subtype: string }>(
    db,
    sql`select t.type_name as type, s.subtype_name as subtype from character_types t
        join character_subtypes s on s.id_parent_type = t.id_type order by t.id_type, s.id_subtype limit 1`,
  );
  kind = first!;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(token.admin!),
    payload: {
      user_fname: 'Rowena',
      user_lname: `Vask${tag}`,
      user_camnum: camnum,
      user_type: 'LARP',
      user_expiration: '2027-11-30',
      id_location: home,
      tbl_user_email: { email: `rowena.${tag}@example.test` },
      tbl_user_phone: { phone_number: `+1 555 ${tag}` },
      tbl_user_address: { addr_line_1: `${tag} Quill Lane`, addr_city: 'Salem', addr_state: 'MA' },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  erased = created.json().result.id_user;
  const res = await t.app.inject({ method: 'POST', url: `/api/users/${erased}/erase`, headers: bearer(token.admin!) });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: ImportPayload) => t.app.inject(importRequest(payload, bearer(token.admin!)));
const reason = `membership number ${camnum} belongs to an erased member`;
/** The erased member as stored: their row, contacts, characters and prestige entries. */
const stored = async () =>
  JSON.stringify(
    await rows(
      t.database.db,
      sql`select u.user_fname, u.user_lname, u.user_mname, u.user_expiration, u.is_disabled,
          (select count(*) from user_emails where id_user = u.id_user)::int as emails,
          (select count(*) from user_phones where id_user = u.id_user)::int as phones,
          (select count(*) from user_addresses where id_user = u.id_user)::int as addresses,
          (select count(*) from characters where id_user = u.id_user)::int as characters,
          (select count(*) from prestige where id_user = u.id_user)::int as prestige,
          (select count(*) from positions where id_user = u.id_user)::int as positions
          from users u where u.id_user = ${erased}`,
    ),
  );

const files = {
  members: [
    'membership_number,first_name,last_name,email,phone,address_line_1,city,state,type,expiry,domain_code',
    `${camnum},Rowena,Vask${tag},rowena.${tag}@example.test,+1 555 ${tag},${tag} Quill Lane,Salem,MA,LARP,2028-11-30,${code}`,
  ],
  characters: () => [
    'player_membership_number,name,type,subtype,venue,status,virtue,vice,concept,opening_xp',
    `${camnum},Lady Vask,${kind.type},${kind.subtype},${venue},Active,Hope,Pride,,0`,
  ],
  prestige: [
    'membership_number,date,category,general,regional,national,vip,description,awarded_by',
    `${camnum},2024-05-01,Administration,1,0,0,0,Door,`,
  ],
  positions: ['domain_code,position_type,holder_membership_number,since', `${code},DC,${camnum},2024-01-01`],
};

describe('an import naming an erased member', () => {
  it.each([
    ['members', 'membership_number'],
    ['characters', 'player_membership_number'],
    ['prestige', 'membership_number'],
    ['positions', 'holder_membership_number'],
  ] as const)('of %s is a row error on %s, dry run or apply, and writes nothing', async (kindName, column) => {
    const file = files[kindName];
    const csv = (typeof file === 'function' ? file() : file).join('\n');
    const before = await stored();
    for (const dry_run of [true, false]) {
      const res = await post({ kind: kindName, csv, dry_run });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({ applied: false, errors: [{ line: 2, column, reason }] });
    }
    expect(await stored()).toBe(before);
    expect(before).toContain(`"user_fname":"Former member"`);
  });

  it('skips the entries of a ledger exported before the erasure, and refuses only a new one', async () => {
    const member = await buildMember(t.database.db);
    const as = { headers: bearer(token.admin!) };
    const award = {
      id_user: member.id_user,
      ...{ prestige_general: 2, prestige_regional: 0, prestige_national: 0, prestige_usable_general: 0 },
      ...{ prestige_category: 'Administration', prestige_description: 'Ran the door' },
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/prestiges/add', ...as, payload: award })).statusCode).toBe(200);
    const exported = (await t.app.inject({ method: 'GET', url: `/api/prestiges/user/${member.id_user}/export`, ...as })).body;
    const erase = await t.app.inject({ method: 'POST', url: `/api/users/${member.id_user}/erase`, ...as });
    expect(erase.statusCode, erase.body).toBe(200);
    const again = await post({ kind: 'prestige', csv: exported, dry_run: false });
    expect(again.json().result).toMatchObject({ applied: true, created: 0, skipped: 1, errors: [] });
    const added = `${exported}${member.user_camnum},2024-05-01,Administration,1,0,0,0,New entry,\r\n`;
    const res = await post({ kind: 'prestige', csv: added, dry_run: false });
    const refused = `membership number ${member.user_camnum} belongs to an erased member`;
    expect(res.json().result).toMatchObject({ applied: false, errors: [{ line: 3, column: 'membership_number', reason: refused }] });
    const [{ n }] = (await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from prestige where id_user = ${member.id_user}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
