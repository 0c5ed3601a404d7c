// Issue 26 (GDPR Art. 17): erasing a member replaces their name, phone and street only where they are whole words,
// and never in another member's own contacts: a housemate keeps the phone and street they share, and a character
// whose name merely contains the erased name keeps it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAddresses, userPhones } from '../../db/index';
import { buildCharacter, buildMember } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let erased: number;
let housemate: number;
let character: number;
const tag = `${Date.now() % 1e8}`;
const [first, last, phone, street] = ['Ann', `Lee${tag}`, `+1 555 ${tag}`, `${tag} Hearth Lane`];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.accounts('admin')).token.admin;
  const db = t.database.db;
  erased = (await buildMember(db, { user_fname: first, user_lname: last })).id_user;
  housemate = (await buildMember(db, { user_fname: 'Bea', user_lname: `Lee${tag}` })).id_user;
  for (const id_user of [erased, housemate]) {
    await db.insert(userPhones).values({ id_user, phone_number: phone });
    await db.insert(userAddresses).values({ id_user, addr_line_1: street, addr_city: 'Salem', addr_state: 'MA' });
  }
  character = (
    await buildCharacter(db, { id_user: housemate, character_name: `Joann Lee${tag}s`, character_concept: `Knows ${first} ${last}.` })
  ).id_character;
});
afterAll(async () => {
  await t?.close();
});

describe('erasing a member', () => {
  it('leaves another member’s shared phone and street, and a name that only contains theirs, as they were', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${erased}/erase`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const [mate] = await rows(
      t.database.db,
      sql`select (select phone_number from user_phones where id_user = ${housemate}) as phone,
          (select addr_line_1 from user_addresses where id_user = ${housemate}) as street`,
    );
    expect(mate).toEqual({ phone, street });
    const [made] = await rows(
      t.database.db,
      sql`select character_name as name, character_concept as concept from characters where id_character = ${character}`,
    );
    expect(made).toEqual({ name: `Joann Lee${tag}s`, concept: `Knows Former member #${erased}.` });
  });
});
