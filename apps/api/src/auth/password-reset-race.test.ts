// A reset request looks the member up, then issues and sends the link: an address replaced in between (the member
// saved a new one) gets no link, as the change retires any link sent before it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../test/factories';
import { scalar } from '../test/sql';
import { createTestApp, type TestApp } from '../test/test-app';
import { findResetMember, sendPasswordReset } from './password-reset.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const options = { publicUrl: 'http://127.0.0.1', log: { info: () => undefined }, production: true, mailServer: true };

describe('a reset request whose address is replaced after the look-up', () => {
  it('issues and sends no link to the former address; to a current one it does', async () => {
    const db = t.database.db;
    const former = `former.${Date.now()}@example.test`;
    const { id_user } = await buildMember(db, { email: former });
    const found = (await findResetMember(db, former))!;
    expect(found.id_user).toBe(id_user);
    const links = sql`select count(*)::int from password_setup_tokens where id_user = ${id_user}`;
    const mails = sql`select count(*)::int from mail_outbox where id_user = ${id_user}`;

    await db.execute(sql`update user_emails set email = ${`new.${former}`} where id_user = ${id_user}`);
    await sendPasswordReset(db, found, options);
    expect(await scalar(db, links)).toBe(0);
    expect(await scalar(db, mails)).toBe(0);

    await sendPasswordReset(db, (await findResetMember(db, `new.${former}`))!, options);
    expect(await scalar(db, links)).toBe(1);
    expect(await scalar(db, mails)).toBe(1);
  });
});
