// Two administrators editing the society's lists at once, on PostgreSQL (only it has several sessions to race): two
// adds of one name take turns, so the second gets the list's 409; a location added or moved under a parent that is
// moving at the same time ends with the parent's new path.
import { describe, expect, it } from 'vitest';
import { racingWhileLocked, startWhenWaiting } from '../../test/table-lock';
import { bearer, type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('one name added to a list twice at once', () => {
  useMatrixApp((app) => {
    ({ t, token } = app);
  });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token.admin!), payload });
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(token.admin!) })).json().result.rows;
  const tag = `${Date.now() % 1e8}`;

  it('adds a subtype once; the other add is the 409 it would get after the first', async () => {
    const type = (await post('/api/character-types/add', { type_name: `Kindred ${tag}` })).json().result.id as number;
    // Two adds at once open the pool's connections first: on a cold pool the race stalls (as in import-turns.test.ts).
    const warm = await Promise.all(
      [1, 2].map((n) => post('/api/character-subtypes/add', { subtype_name: `Warm ${n}`, id_parent_type: type })),
    );
    for (const res of warm) expect(res.statusCode, res.body).toBe(200);
    const answers = await racingWhileLocked(t.url!, 'character_subtypes', () =>
      ['Ventrue', 'ventrue'].map((subtype_name) => post('/api/character-subtypes/add', { subtype_name, id_parent_type: type })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().errors[0].path).toBe('subtype_name');
    const names = (await get(`/api/character-subtypes?typeId=${type}`)).map((s: { subtype_name: string }) => s.subtype_name.toLowerCase());
    expect(names.filter((name: string) => name === 'ventrue')).toHaveLength(1);
  });

  it('adds a character type once, whatever the case of the other add', async () => {
    const answers = await racingWhileLocked(t.url!, 'character_types', () =>
      [`Wraith ${tag}`, `wraith ${tag}`].map((type_name) => post('/api/character-types/add', { type_name })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const names = (await get('/api/character-types')).map((c: { type_name: string }) => c.type_name.toLowerCase());
    expect(names.filter((name: string) => name === `wraith ${tag}`)).toHaveLength(1);
  });
});

type Domain = { id_location: number; id_parent_location: string | null; domain_code: string };

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('a location added or moved under a parent moving at once', () => {
  useMatrixApp((app) => {
    ({ t, token } = app);
  });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token.admin!), payload });
  const domains = async (): Promise<Domain[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/domains', headers: bearer(token.admin!) })).json().result.rows;
  const idOf = async (name: string) => (await domains()).find((d) => (d as unknown as { location_name: string }).location_name === name)!;

  it('keeps the new path of the parent for the location added and the one moved under it', async () => {
    const [northeast, pacific] = await Promise.all(['Northeast', 'Pacific'].map(idOf));
    const add = (location_name: string, location_code: string, id_parent: number) =>
      post('/api/domains/add', { location_name, location_code, id_parent });
    // Three adds at once open the pool's connections first: on a cold pool the race stalls (as in import-turns.test.ts).
    const [parent, other] = (
      await Promise.all([
        add('Race Parent', 'RP', northeast!.id_location),
        add('Race Other', 'RO', northeast!.id_location),
        add('Race Warm', 'RW', northeast!.id_location),
      ])
    ).map((res) => res.json().result.id as number);
    const moving = (await add('Race Moving', 'RM', other!)).json().result.id as number;

    // The parent's move holds its row and waits on the audit log; the add and the other move start only then, so
    // without turns they read the parent's old path while the move's subtree update cannot yet see them.
    const answers = await racingWhileLocked(t.url!, 'audit_log', () => {
      const move = post(`/api/domains/${parent}/update`, {
        location_name: 'Race Parent',
        location_code: 'RP',
        id_parent: pacific!.id_location,
      });
      return [
        move,
        startWhenWaiting(t.url!, 1, () => add('Race Child', 'RC', parent!)),
        startWhenWaiting(t.url!, 1, () =>
          post(`/api/domains/${moving}/update`, { location_name: 'Race Moving', location_code: 'RM', id_parent: parent! }),
        ),
      ];
    });
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const after = await domains();
    const moved = after.find((d) => d.id_location === parent)!;
    expect(moved.domain_code).toBe(`${pacific!.domain_code}-RP`);
    const child = answers[1]!.json().result.id as number;
    for (const id of [child, moving])
      expect(after.find((d) => d.id_location === id)).toMatchObject({
        id_parent_location: `${moved.id_parent_location},${parent}`,
        domain_code: expect.stringMatching(new RegExp(`^${moved.domain_code}-`)),
      });
  });
});
