// Membership expiry (issue 25): a member hears 30 and 7 days before their membership expires and once it has
// expired; each domain coordinator gets a weekly list of their members expiring soon. Notices go through notify(),
// so the e-mail follows the member's choice for 'membership'. A row per reminder given makes each happen once,
// however many processes run the check.
import { type AnyColumn, and, asc, between, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { COORDINATOR_TYPES, locationAndBelow } from '../../auth/scope';
import { membershipReminders, positions, users, type Db, type Tx } from '../../db/index';
import { notify, type NoticeTx, noticesTransaction } from '../notifications/notifications.service';

const BATCH = 500;
/** A coordinator's weekly list names at most this many members; the notice says how many there are in all. */
const LISTED = 200;
const day = (d: Date, plus = 0) => new Date(d.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
/** The Monday of `now`'s week (UTC). */
const weekOf = (now: Date) => day(now, -((now.getUTCDay() + 6) % 7));

type Stage = '30' | '7' | 'expired';
type Reminder = typeof membershipReminders.$inferInsert;

/** Joins the reminder of this stage already given for the member (or coordinator) and date, if any. */
const given = (id_user: AnyColumn, expiration: AnyColumn | string, stage: Reminder['stage']) =>
  and(eq(membershipReminders.id_user, id_user), eq(membershipReminders.user_expiration, expiration), eq(membershipReminders.stage, stage));

/** Records the reminder and tells, in one transaction; only the process whose row lands tells. */
const once = (db: Db, reminder: Reminder, tell: (tx: NoticeTx) => Promise<boolean>) =>
  noticesTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(membershipReminders)
      .values(reminder)
      .onConflictDoNothing()
      .returning({ id: membershipReminders.id_user });
    return row ? tell(tx) : false;
  });
/** Which expiry dates each reminder is for: a day missed (a server down) is caught up, long-lapsed members are not told. */
const STAGES: { stage: Stage; from: number; to: number }[] = [
  { stage: '30', from: 8, to: 30 },
  { stage: '7', from: 0, to: 7 },
  { stage: 'expired', from: -7, to: -1 },
];

function memberMessage(stage: Stage, expiration: string, today: string) {
  const left = daysBetween(today, expiration);
  if (stage === 'expired') return `Your membership expired on ${expiration}. Renew it with your domain coordinator to keep your access.`;
  return `Your membership expires on ${expiration}, in ${left} day${left === 1 ? '' : 's'}. Renew it with your domain coordinator.`;
}

/** Gives the reminders due at `now`; returns how many notices were written. */
export async function remindExpiringMemberships(db: Db, now: Date): Promise<number> {
  const today = day(now);
  let told = 0;
  for (const { stage, from, to } of STAGES) {
    const due = await db
      .select({ id_user: users.id_user, user_expiration: users.user_expiration })
      .from(users)
      .leftJoin(membershipReminders, given(users.id_user, users.user_expiration, stage))
      .where(
        and(eq(users.is_disabled, false), between(users.user_expiration, day(now, from), day(now, to)), isNull(membershipReminders.stage)),
      )
      .limit(BATCH);
    for (const member of due) {
      const expiration = member.user_expiration!;
      const toldNow = await once(db, { id_user: member.id_user, user_expiration: expiration, stage }, async (tx) => {
        await notify(tx, member.id_user, { kind: 'membership', message: memberMessage(stage, expiration, today), link: '/overview' });
        return true;
      });
      if (toldNow) told++;
    }
  }
  return told + (await weeklyCoordinatorLists(db, now));
}

/** Each active coordinator, once a week: their reach's members expiring in the next 30 days or lapsed in the last 7. */
async function weeklyCoordinatorLists(db: Db, now: Date): Promise<number> {
  const week = weekOf(now);
  const posts = await db
    .select({ id_user: positions.id_user, id_location: positions.id_location })
    .from(positions)
    // A deactivated member still named in a post reads nothing: no list is made for them.
    .innerJoin(users, and(eq(users.id_user, positions.id_user), eq(users.is_disabled, false)))
    .leftJoin(
      membershipReminders,
      and(
        eq(membershipReminders.id_user, positions.id_user),
        eq(membershipReminders.user_expiration, week),
        eq(membershipReminders.stage, 'weekly'),
      ),
    )
    .where(and(inArray(positions.pos_type, COORDINATOR_TYPES), isNotNull(positions.id_user), isNull(membershipReminders.stage)));
  const byCoordinator = new Map<number, number[]>();
  for (const p of posts) byCoordinator.set(p.id_user!, [...(byCoordinator.get(p.id_user!) ?? []), p.id_location]);
  let told = 0;
  for (const [id_user, places] of byCoordinator) {
    // A post reaches its location and every place below it, as the coordinator's member list does (auth/scope.ts).
    const reach = (await Promise.all(places.map((place) => locationAndBelow(db, place)))).flat();
    const expiring = await db
      .select({
        fname: users.user_fname,
        lname: users.user_lname,
        camnum: users.user_camnum,
        expiration: users.user_expiration,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(users)
      .where(
        and(
          inArray(users.id_location, reach),
          eq(users.is_disabled, false),
          gte(users.user_expiration, day(now, -7)),
          lt(users.user_expiration, day(now, 31)),
        ),
      )
      .orderBy(asc(users.user_expiration), asc(users.id_user))
      .limit(LISTED);
    const toldNow = await once(db, { id_user, user_expiration: week, stage: 'weekly' }, async (tx) => {
      if (expiring.length === 0) return false;
      const total = expiring[0]!.total;
      const list = expiring.map((m) => `${m.fname} ${m.lname} (${m.camnum}), ${m.expiration}`).join('\n');
      const more = total > expiring.length ? `\n… and ${total - expiring.length} more in the coordinator's member list.` : '';
      await notify(tx, id_user, {
        kind: 'membership',
        message: `Memberships in your domain expiring soon or just expired: ${total}.\n\n${list}${more}`,
        link: '/coordinator/members',
      });
      return true;
    });
    if (toldNow) told++;
  }
  return told;
}
