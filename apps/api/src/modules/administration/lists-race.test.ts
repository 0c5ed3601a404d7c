// Two administrators adding the same name to one of the society's lists at once, on PostgreSQL (only it has several
// sessions to race): the saves take turns, so the second sees the first's row and gets the list's 409.
import { describe, expect, it } from 'vitest';
import { racingWhileLocked } from '../../test/table-lock';
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
