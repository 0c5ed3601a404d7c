// Issue 26 (GDPR Art. 15 and 20): a member's download holds every table that refers to them. The tables are
// listed here from the database's own catalogue (foreign keys to users and to characters, columns named
// id_user…), independently of the schema walk the download uses, so a table that the walk misses fails this test.
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAddressMarks } from '../../db/index';
import { buildApproval, buildCharacter, buildMember } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'admin'));
});
afterAll(async () => {
  await t?.close();
});

const as = (who: string) => ({ headers: bearer(token[who]!) });

/** Asks for the member's data, waits for the background build, and fetches the file (or the refusal). */
async function download(who: string, of: number) {
  const asked = await t.app.inject({ method: 'POST', url: `/api/users/${of}/data-downloads`, ...as(who) });
  if (asked.statusCode !== 200) return asked;
  for (let i = 0; i < 200; i++) {
    const latest = (await t.app.inject({ method: 'GET', url: `/api/users/${of}/data-downloads/latest`, ...as(who) })).json().result;
    if (latest?.status === 'ready') return t.app.inject({ method: 'GET', url: `/api/data-downloads/${latest.id}/file`, ...as(who) });
    if (latest?.status === 'failed') throw new Error('the download failed');
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the download was not ready in 10 s');
}
const unzip = (body: Buffer) =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)]));

describe('a member’s data download', () => {
  it('holds a file for every table of the database that refers to a member or their characters', async () => {
    const referring = await rows<{ name: string }>(
      t.database.db,
      sql`select distinct c.conrelid::regclass::text as name from pg_constraint c
            where c.contype = 'f' and c.confrelid in ('public.users'::regclass, 'public.characters'::regclass)
          union
          select distinct table_name::text from information_schema.columns
            where table_schema = 'public' and column_name like 'id\\_user%'`,
    );
    expect(referring.length).toBeGreaterThan(10);
    const res = await download('member', id.member!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = Object.keys(unzip(res.rawPayload));
    const missing = referring.map((r) => r.name.replace(/^public\./, '')).filter((name) => !files.includes(`${name}.json`));
    expect(missing, 'tables that refer to members but are not in the download').toEqual([]);
  });

  it('holds the member’s profile, contacts, characters with their XP log, and no password hash', async () => {
    const db = t.database.db;
    const member = await buildMember(db, { email: `gdpr.${Date.now()}@example.test`, password_hash: 'argon2id$secret' });
    const character = await buildCharacter(db, { id_user: member.id_user });
    await db.execute(
      sql`insert into xp_logs (id_character, xp_type, xp_description, xp_amount, xp_balance) values (${character.id_character}, 'Earn', 'First game', 3, 3)`,
    );
    const files = unzip((await download('admin', member.id_user)).rawPayload);
    const json = (name: string) => JSON.parse(files[`${name}.json`]!) as Record<string, unknown>[];
    expect(json('users')).toHaveLength(1);
    expect(json('users')[0]).not.toHaveProperty('password_hash');
    expect(json('users')[0]).not.toHaveProperty('name_starts');
    expect(json('users')[0]!.user_lname).toBe(member.user_lname);
    expect(files['users.json']).not.toContain('argon2id$secret');
    expect(json('user_emails')[0]!.email).toMatch(/^gdpr\./);
    expect(json('characters').map((c) => c.id_character)).toEqual([character.id_character]);
    expect(json('xp_logs').map((x) => x.xp_description)).toEqual(['First game']);
  });

  it('holds the applications of the member’s characters, not those whose chain merely names them as an approver', async () => {
    const db = t.database.db;
    const [applicant, approver] = [await buildMember(db), await buildMember(db)];
    const character = await buildCharacter(db, { id_user: applicant.id_user });
    const application = await buildApproval(db, { character_id: character.id_character, id_user_global: approver.id_user });
    const approvalsOf = async (member: number) =>
      (JSON.parse(unzip((await download('admin', member)).rawPayload)['approvals.json']!) as { id: number }[]).map((a) => a.id);
    expect(await approvalsOf(applicant.id_user)).toEqual([application.id]);
    expect(await approvalsOf(approver.id_user)).toEqual([]);
  });

  it('holds the history of the member’s applications, whoever decided; an approver gets only their part', async () => {
    const db = t.database.db;
    const [applicant, approver] = [await buildMember(db), await buildMember(db)];
    const character = await buildCharacter(db, { id_user: applicant.id_user });
    const application = await buildApproval(db, { character_id: character.id_character, id_user_low: approver.id_user });
    const [event] = await rows<{ id: number }>(
      db,
      sql`insert into approval_events (approval_id, id_user, from_status, to_status, note)
          values (${application.id}, ${approver.id_user}, 'Pending', 'Denied', 'Needs a backstory') returning id`,
    );
    await db.execute(sql`insert into approval_escalations (approval_id, status, level_since) values (${application.id}, 'Pending', now())`);
    const files = async (member: number) => unzip((await download('admin', member)).rawPayload);
    const json = (zip: Record<string, string>, name: string) => JSON.parse(zip[`${name}.json`] ?? '[]') as Record<string, unknown>[];
    const theirs = await files(applicant.id_user);
    expect(json(theirs, 'approval_events')).toMatchObject([{ id: event!.id, to_status: 'Denied', note: 'Needs a backstory' }]);
    expect(json(theirs, 'approval_escalations')).toMatchObject([{ approval_id: application.id, status: 'Pending' }]);
    const approvers = await files(approver.id_user);
    expect(json(approvers, 'approval_events')).toEqual([]);
    expect(json(approvers, 'approval_escalations')).toEqual([]);
    expect(json(approvers, 'approval_events.acted')).toEqual([{ id: event!.id, id_user: approver.id_user, at: expect.any(String) }]);
  });

  it('holds what is kept about the member but not under their id: audit rows about them, failed sign-ins, mail marks', async () => {
    const db = t.database.db;
    const email = `about.${Date.now()}@example.test`;
    const member = await buildMember(db, { email });
    for (const step of ['deactivate', 'reactivate']) {
      const url = `/api/users/${member.id_user}/${step}`;
      const res = await t.app.inject({ method: 'POST', url, ...as('admin'), payload: { note: `Asked to ${step}` } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'not their password' } });
    expect(failed.statusCode).toBe(401);
    await db.insert(mailAddressMarks).values({ email: email.toUpperCase(), permanent_failures: 1, last_error: '550 no such user' });
    const files = unzip((await download('admin', member.id_user)).rawPayload);
    const json = (name: string) => JSON.parse(files[`${name}.json`] ?? '[]') as Record<string, unknown>[];
    const about = json('audit_log').filter((a) => a.entity === 'user' && a.entity_id === String(member.id_user));
    expect(about.map((a) => [a.action, a.note])).toEqual([
      ['member.deactivate', 'Asked to deactivate'],
      ['member.reactivate', 'Asked to reactivate'],
    ]);
    expect(json('sign_in_failures').map((f) => f.email)).toEqual([email]);
    expect(json('mail_address_marks').map((m) => m.last_error)).toEqual(['550 no such user']);
  });

  it('gives of another member’s rows that the member only acted on their key, their part and when (decision 144)', async () => {
    const db = t.database.db;
    const [staff, player] = [await buildMember(db), await buildMember(db)];
    const character = await buildCharacter(db, { id_user: player.id_user, character_name: 'Mira of the Docks' });
    await db.execute(
      sql`update characters set signed_by = ${staff.id_user}, signed_at = now() where id_character = ${character.id_character}`,
    );
    const [entry] = await rows<{ id: number }>(
      db,
      sql`insert into prestige (id_user, id_reviewer, prestige_description, prestige_category, prestige_general)
          values (${player.id_user}, ${staff.id_user}, 'Ran the door all night', 'Administration', 10) returning id_prestige as id`,
    );
    const files = unzip((await download('admin', staff.id_user)).rawPayload);
    const json = (name: string) => JSON.parse(files[`${name}.json`] ?? '[]') as Record<string, unknown>[];
    expect(json('characters')).toEqual([]);
    expect(json('prestige')).toEqual([]);
    const [signed] = json('characters.acted');
    expect(signed).toMatchObject({ id_character: character.id_character, signed_by: staff.id_user });
    expect(Object.keys(signed!)).not.toContain('character_name');
    const [awarded] = json('prestige.acted');
    expect(awarded).toMatchObject({ id_prestige: entry!.id, id_reviewer: staff.id_user });
    expect(Object.keys(awarded!).sort()).toEqual(['id_prestige', 'id_reviewer', 'prestige_datetime']);
    expect(files['README.txt']).toContain('.acted.json');
    // The player's own download holds the whole rows.
    const theirs = unzip((await download('admin', player.id_user)).rawPayload);
    expect(JSON.parse(theirs['prestige.json']!)).toMatchObject([{ prestige_description: 'Ran the door all night' }]);
  });

  it('is the member’s own (or an administrator’s to hand over), never another member’s', async () => {
    expect((await download('member', id.admin!)).statusCode).toBe(403);
    expect((await download('admin', id.member!)).statusCode).toBe(200);
  });
});
