// Checked, then written (decision 028), for a coordinator's writes: a transfer decided, a membership renewed, a
// prestige entry deleted. Each right is checked on the request's roles; a post ended or a member transferred before
// the write commits must not let it through. The roles are taken as the request saw them (loadActor), the change is
// then made, and the write is called as the route calls it after its check.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePrestige } from '../modules/prestige/prestige.service';
import { renewMembership } from '../modules/administration/members.service';
import { decideTransfer } from '../modules/transfers/transfers.service';
import { buildLocation, buildMember, buildPosition } from '../test/factories';
import { scalar } from '../test/sql';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { loadActor } from './actor';

let t: TestApp;
let home: number;
let elsewhere: number;
let coordinator: number;
let post: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  home = (await buildLocation(db)).id_location;
  elsewhere = (await buildLocation(db)).id_location;
  coordinator = (await buildMember(db, { id_location: elsewhere })).id_user;
  post = (await buildPosition(db, { pos_type: 'DC', id_user: coordinator, id_location: home })).id_position;
});
afterAll(async () => {
  await t?.close();
});

const asChecked = () => loadActor(t.database.db, { id_user: coordinator, sid: 'checked' });
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe('a coordinator whose right is lost between the check and the write', () => {
  it('decides no transfer once their post over the receiving domain has ended (409, still pending)', async () => {
    const db = t.database.db;
    const mover = await buildMember(db, { id_location: elsewhere });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/transfers/add',
      headers: bearer(await t.sessionFor(mover.id_user)),
      payload: { id_location: home },
    });
    expect(asked.statusCode).toBe(200);
    const transfer = await scalar(db, sql`select id from transfers where id_user = ${mover.id_user}`);
    const checked = await asChecked();
    await db.execute(sql`update positions set id_user = null where id_position = ${post}`);
    try {
      await expect(decideTransfer(db, checked, transfer, 'Accepted')).rejects.toMatchObject({
        statusCode: 409,
        code: 'transfers.post_changed',
      });
    } finally {
      await db.execute(sql`update positions set id_user = ${coordinator} where id_position = ${post}`);
    }
    expect(await scalar(db, sql`select id_location from users where id_user = ${mover.id_user}`)).toBe(elsewhere);
    expect(await scalar(db, sql`select count(*)::int from transfers where id = ${transfer} and status = 'Pending'`)).toBe(1);
    // With the post held again, the same call decides it.
    await decideTransfer(db, await asChecked(), transfer, 'Accepted');
    expect(await scalar(db, sql`select id_location from users where id_user = ${mover.id_user}`)).toBe(home);
  });

  it('renews no membership of a member transferred out of their reach since (409, expiry unchanged)', async () => {
    const db = t.database.db;
    const member = await buildMember(db, { id_location: home, user_expiration: '2020-01-31' });
    const checked = await asChecked();
    await db.execute(sql`update users set id_location = ${elsewhere} where id_user = ${member.id_user}`);
    await expect(renewMembership(db, checked, member.id_user, nextYear)).rejects.toMatchObject({
      statusCode: 409,
      code: 'administration.out_of_reach',
    });
    const expiry = sql`select count(*)::int from users where id_user = ${member.id_user} and user_expiration = '2020-01-31'`;
    expect(await scalar(db, expiry)).toBe(1);
    await db.execute(sql`update users set id_location = ${home} where id_user = ${member.id_user}`);
    await renewMembership(db, checked, member.id_user, nextYear);
    expect(await scalar(db, expiry)).toBe(0);
  });

  it('deletes no prestige entry of a member transferred out of their reach since (409, the entry kept)', async () => {
    const db = t.database.db;
    const member = await buildMember(db, { id_location: home });
    const entry = await scalar(
      db,
      sql`insert into prestige (id_user, prestige_description, prestige_category, prestige_general)
          values (${member.id_user}, 'Ran the door', 'Administration', 10) returning id_prestige`,
    );
    const checked = await asChecked();
    await db.execute(sql`update users set id_location = ${elsewhere} where id_user = ${member.id_user}`);
    await expect(deletePrestige(db, checked, entry)).rejects.toMatchObject({ statusCode: 409, code: 'prestige.out_of_reach' });
    const kept = sql`select count(*)::int from prestige where id_prestige = ${entry}`;
    expect(await scalar(db, kept)).toBe(1);
    await db.execute(sql`update users set id_location = ${home} where id_user = ${member.id_user}`);
    await deletePrestige(db, checked, entry);
    expect(await scalar(db, kept)).toBe(0);
  });
});
