// A post changing hands while an application is submitted, or a character moves onto its venue, on PostgreSQL (only
// it has several sessions to race). A lock on the approvals table holds the application's write, so the
// reassignment comes between the reading of the chain and its storing; the application must still end with the
// new holder (decision 027: approval chains follow the post). Likewise a character retired during its submission.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildSheetWithPost, buildVenue } from '../../test/factories';
import { holdTableLock } from '../../test/table-lock';
import { bearer, type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;

const as = async (member: number) => bearer(await t.sessionFor(member));
const assign = (id_position: number, id_user: number) =>
  t.app.inject({ method: 'POST', url: `/api/positions/${id_position}/assign`, headers: bearer(token.admin!), payload: { id_user } });

/** What a player submits for `character_id`. */
const submission = (character_id: number) => ({
  character_id,
  description: 'A haven',
  category: 'Other',
  justification: 'Because',
  character_sheet: 'Sheet',
  mechanics: 'None',
  required_approval: 'Low',
});

/** Starts `write`; once it waits on the held approvals table, the reassignment runs (and waits, if it must). */
async function reassignDuring(write: () => Promise<LightMyRequestResponse>, reassign: () => Promise<LightMyRequestResponse>) {
  // Share mode stops the write's insert or update of approvals, not the reassignment's `select … for update`.
  const lock = await holdTableLock(t.url!, 'approvals', 'share');
  let pending: Promise<LightMyRequestResponse>[] = [];
  try {
    pending = [write()];
    await lock.waitFor(1);
    pending.push(reassign());
    await lock.waitFor(2, pending[1]);
  } finally {
    await lock.release();
  }
  const answers = await Promise.all(pending);
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  return answers;
}

/** A style sheet whose storyteller post changes hands from `former` to `next`. */
async function sheetChangingHands() {
  const domain = await buildLocation(t.database.db);
  const [former, next] = [await buildMember(t.database.db), await buildMember(t.database.db)];
  const { venue, post } = await buildSheetWithPost(t.database.db, domain.id_location, former.id_user);
  return { domain, venue, former: former.id_user, next: next.id_user, reassign: () => assign(post.id_position, next.id_user) };
}

/** What each storyteller sees: the new one has it awaiting them and may approve; the former one may not. */
async function expectWithNewHolder(id: number, former: number, next: number) {
  const awaiting = await t.app.inject({ method: 'GET', url: '/api/approvals/get?awaitingMe=true&count=100', headers: await as(next) });
  expect(awaiting.json().result.rows.map((row: { id: number }) => row.id)).toContain(id);
  const approve = async (member: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/approvals/${id}/approve`,
      headers: await as(member),
      payload: { expectedStatus: 'Pending Low' },
    });
  expect((await approve(former)).statusCode).toBe(403);
  expect((await approve(next)).statusCode).toBe(200);
}

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('a storyteller post changing hands during', () => {
  useMatrixApp((app) => {
    ({ t, token } = app);
  });

  it('a submission gives the application to the new holder', async () => {
    const sheet = await sheetChangingHands();
    const character = await buildCharacter(t.database.db, { id_venue: sheet.venue.id_venue });
    const headers = await as(character.id_user);
    const [submitted] = await reassignDuring(
      () => t.app.inject({ method: 'POST', url: '/api/approval/add', headers, payload: submission(character.id_character) }),
      sheet.reassign,
    );
    await expectWithNewHolder(submitted!.json().result.id, sheet.former, sheet.next);
  });

  it('a character’s move onto its sheet gives the character’s open application to the new holder', async () => {
    const sheet = await sheetChangingHands();
    const from = await buildVenue(t.database.db, { id_location: sheet.domain.id_location });
    const character = await buildCharacter(t.database.db, { id_venue: from.id_venue });
    const open = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Low',
      id_user_low: from.id_user_st,
    });
    const headers = await as(character.id_user);
    const move = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/character/${character.id_character}/update`,
        headers,
        payload: { id_venue: sheet.venue.id_venue },
      });
    await reassignDuring(move, sheet.reassign);
    await expectWithNewHolder(open.id, sheet.former, sheet.next);
  });
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('a character retired during its submission', () => {
  useMatrixApp((app) => {
    ({ t } = app);
  });

  it('leaves the application removed, not pending on a retired character', async () => {
    const venue = await buildVenue(t.database.db, { id_location: (await buildLocation(t.database.db)).id_location });
    const character = await buildCharacter(t.database.db, { id_venue: venue.id_venue });
    const headers = bearer(await t.sessionFor(character.id_user));
    const lock = await holdTableLock(t.url!, 'approvals', 'share');
    const pending = [];
    try {
      pending.push(t.app.inject({ method: 'POST', url: '/api/approval/add', headers, payload: submission(character.id_character) }));
      await lock.waitFor(1);
      pending.push(
        t.app.inject({
          method: 'POST',
          url: `/api/character/${character.id_character}/update`,
          headers,
          payload: { id_venue: venue.id_venue, character_status: 'Retired' },
        }),
      );
      await lock.waitFor(2, pending[1]);
    } finally {
      await lock.release();
    }
    const [submitted, retired] = await Promise.all(pending);
    expect(retired!.statusCode, retired!.body).toBe(200);
    expect(submitted!.statusCode, submitted!.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/approvals/${submitted!.json().result.id}`, headers });
    expect(res.json().result.status).toBe('Removed');
  });
});
