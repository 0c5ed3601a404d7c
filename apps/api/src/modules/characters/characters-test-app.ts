// What the characters test files start from: a copy of the seeded database with the demo accounts signed in, a
// venue the demo storyteller runs with a character of the demo member on it, and requests as one of the accounts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildCharacter, buildVenue } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

export interface CharactersTestApp {
  t: TestApp;
  id: Record<string, number>;
  token: Record<string, string>;
  /** A venue the demo storyteller runs, and a character of the demo member on it. */
  stVenue: number;
  onStVenue: number;
}

async function openCharactersTestApp(): Promise<CharactersTestApp> {
  const t = await createTestApp();
  const { id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin');
  const db = t.database.db;
  const stVenue = (await buildVenue(db, { id_user_st: id.storyteller })).id_venue;
  const onStVenue = (await buildCharacter(db, { id_user: id.member, id_venue: stVenue, character_name: 'Isolde Vane' })).id_character;
  return { t, id, token, stVenue, onStVenue };
}

/** Opens the app before the file's tests and closes it after them: its fields are there while the tests run. */
export function useCharactersTestApp(): CharactersTestApp {
  const fixture = {} as CharactersTestApp;
  beforeAll(async () => {
    Object.assign(fixture, await openCharactersTestApp());
  });
  afterAll(async () => {
    await fixture.t?.close();
  });
  return fixture;
}

/** GET and POST as one of the accounts (by role). */
export function requestsAs(fixture: CharactersTestApp) {
  return {
    get: (url: string, who: string) => fixture.t.app.inject({ method: 'GET', url, headers: bearer(fixture.token[who]!) }),
    post: (url: string, who: string, payload: object) =>
      fixture.t.app.inject({ method: 'POST', url, headers: bearer(fixture.token[who]!), payload }),
  };
}

/** The first subtype with its type, and a subtype of another type. */
export async function typeAndSubtype(t: TestApp) {
  const [row] = await rows<{ id_type: number; id_subtype: number; other_subtype: number }>(
    t.database.db,
    sql`select s.id_parent_type as id_type, s.id_subtype, (select o.id_subtype from character_subtypes o where o.id_parent_type <> s.id_parent_type limit 1) as other_subtype
        from character_subtypes s order by s.id_subtype limit 1`,
  );
  return row!;
}
