// Issue 25: membership expiry — the member is told 30 and 7 days before and once expired (in-app and by e-mail),
// each once; each coordinator gets a weekly list of the members their post reaches.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, users } from '../../db/index';
import { buildCoordinator, buildLocation, buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_SEND_INTERVAL_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

// A day far from the demo society's expiry dates, so only this file's members are due.
const now = new Date('2031-03-05T09:00:00Z');
const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const noticesOf = (id_user: number) =>
  t.database.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.id_user, id_user), eq(notifications.kind, 'membership')));

const listsOf = async (id_user: number) =>
  (
    await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.id_user, id_user), like(notifications.message, 'Memberships in your domain%')))
  ).map((n) => n.message);

describe('membership expiry reminders', () => {
  it('tell the member at 30 days, at 7 days and once expired, each once, by notice and e-mail', async () => {
    const member = await buildMember(t.database.db, { user_expiration: inDays(20) });
    await t.app.mailer.remindMemberships(now);
    await t.app.mailer.remindMemberships(now);
    expect((await noticesOf(member.id_user)).map((n) => n.message)).toEqual([
      `Your membership expires on ${inDays(20)}, in 20 days. Renew it with your domain coordinator.`,
    ]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id_user, member.id_user), eq(mailOutbox.kind, 'membership')));
    expect(mails).toHaveLength(1);

    await t.app.mailer.remindMemberships(new Date(now.getTime() + 15 * 86_400_000));
    await t.app.mailer.remindMemberships(new Date(now.getTime() + 22 * 86_400_000));
    await t.app.mailer.remindMemberships(new Date(now.getTime() + 23 * 86_400_000));
    expect((await noticesOf(member.id_user)).map((n) => n.message)).toEqual([
      `Your membership expires on ${inDays(20)}, in 20 days. Renew it with your domain coordinator.`,
      `Your membership expires on ${inDays(20)}, in 5 days. Renew it with your domain coordinator.`,
      `Your membership expired on ${inDays(20)}. Renew it with your domain coordinator to keep your access.`,
    ]);
  });

  it('start again for the new date after a renewal; a member long lapsed is not told', async () => {
    const member = await buildMember(t.database.db, { user_expiration: inDays(5) });
    const lapsed = await buildMember(t.database.db, { user_expiration: inDays(-60) });
    await t.app.mailer.remindMemberships(now);
    await t.database.db
      .update(users)
      .set({ user_expiration: inDays(25) })
      .where(eq(users.id_user, member.id_user));
    await t.app.mailer.remindMemberships(now);
    expect(await noticesOf(member.id_user)).toHaveLength(2);
    expect(await noticesOf(lapsed.id_user)).toEqual([]);
  });

  it('give each domain coordinator a weekly list of their members expiring soon, once a week', async () => {
    const { member: coordinator } = await buildCoordinator(t.database.db);
    const member = await buildMember(t.database.db, { id_location: coordinator.id_location, user_expiration: inDays(12) });
    await t.app.mailer.remindMemberships(now);
    await t.app.mailer.remindMemberships(new Date(now.getTime() + 86_400_000));
    const lists = await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.id_user, coordinator.id_user), like(notifications.message, 'Memberships in your domain%')));
    expect(lists).toHaveLength(1);
    expect(lists[0]!.message).toContain(`(${member.user_camnum}), ${inDays(12)}`);
  });

  it('give a regional coordinator the members of every domain of their region, as their member list has them', async () => {
    const domain = await buildLocation(t.database.db);
    const { member: coordinator } = await buildCoordinator(t.database.db, { pos_type: 'RC', id_location: domain.id_parent! });
    const member = await buildMember(t.database.db, { id_location: domain.id_location, user_expiration: inDays(9) });
    await t.app.mailer.remindMemberships(now);
    const [list] = await listsOf(coordinator.id_user);
    expect(list).toContain(`(${member.user_camnum}), ${inDays(9)}`);
  });

  it('say how many members are due in all, past the 200 the list names', async () => {
    const { member: coordinator } = await buildCoordinator(t.database.db);
    await t.database.db.insert(users).values(
      Array.from({ length: 201 }, (_, i) => ({
        user_fname: 'Due',
        user_lname: `Member ${i}`,
        user_camnum: `DUE${coordinator.id_user}-${i}`,
        user_type: 'LARP' as const,
        user_expiration: inDays(3),
        id_location: coordinator.id_location,
      })),
    );
    await t.app.mailer.remindMemberships(now);
    const [list] = await listsOf(coordinator.id_user);
    expect(list).toMatch(/^Memberships in your domain expiring soon or just expired: 201\./);
    expect(list!.match(/\(DUE/g)).toHaveLength(200);
    expect(list).toContain("… and 1 more in the coordinator's member list.");
  });

  it('give no list to a deactivated member still named in a coordinator post', async () => {
    const { member: coordinator } = await buildCoordinator(t.database.db);
    await buildMember(t.database.db, { id_location: coordinator.id_location, user_expiration: inDays(5) });
    await t.database.db.update(users).set({ is_disabled: true }).where(eq(users.id_user, coordinator.id_user));
    await t.app.mailer.remindMemberships(now);
    expect(await listsOf(coordinator.id_user)).toEqual([]);
  });
});
