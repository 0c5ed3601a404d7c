// Two administrators saving MC rungs at once on PostgreSQL (only it has several sessions to race): the saves take
// turns, so the second checks the ladder with the first's rung in it, and the ladder never ends out of order.
import { describe, expect, it } from 'vitest';
import { racingWhileLocked } from '../../test/table-lock';
import { bearer, type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;

type Rung = { mc: number; general_required: number; regional_required: number; national_required: number };
const ladder = async (): Promise<Rung[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/mc-levels', headers: bearer(token.admin!) })).json().result.rows;

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('two MC rungs saved at once', () => {
  useMatrixApp((app) => {
    ({ t, token } = app);
  });

  it('keeps the ladder in order: one save is refused, as it would be after the other', async () => {
    const top = (await ladder()).at(-1)!;
    const save = (rung: Rung) => t.app.inject({ method: 'POST', url: '/api/mc-levels/save', headers: bearer(token.admin!), payload: rung });
    // Two saves at once open the pool's connections first: on a cold pool the race stalls (as in import-turns.test.ts).
    for (const res of await Promise.all([save(top), save(top)])) expect(res.statusCode, res.body).toBe(200);
    // Each fine alone; together MC top+2 would need fewer points than MC top+1.
    const rungs = [
      { ...top, mc: top.mc + 1, general_required: top.general_required + 50 },
      { ...top, mc: top.mc + 2, general_required: top.general_required + 30 },
    ];
    const answers = await racingWhileLocked(t.url!, 'mc_levels', () => rungs.map(save));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const general = (await ladder()).map((rung) => rung.general_required);
    expect(general).toEqual([...general].sort((a, b) => a - b));
  });
});
