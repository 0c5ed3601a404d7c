// Issue 13: an administrator creates members, edits memberships, deactivates and reactivates; a coordinator
// renews. Every change is audited inside its own transaction.
import { createHash, randomBytes } from 'node:crypto';
import { SET_PASSWORD_LINK_HOURS } from '@guildhall/shared/constants';
import type { MemberCreate, MembershipUpdate, SetPasswordLink } from '@guildhall/shared/schemas/administration';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  locations,
  oidcPayloads,
  passwordSetupTokens,
  sessions,
  tablesChanged,
  userAddresses,
  userEmails,
  userPhones,
  users,
  type Db,
  type Tx,
} from '../../db/index';
import type { Actor } from '../../auth/actor';
import { stillCoordinates } from '../../auth/scope';
import { writeAudit } from '../audit/audit.service';
import { revokeFeed } from '../games/calendar.service';
import { withdrawFromComingGames } from '../games/signups.service';
import { mailSetPasswordLink } from '../mail/mail.account';
import { notify, noticesTransaction } from '../notifications/notifications.service';
import { isDomain } from '@guildhall/shared/rules/locations';
import { administrationErrors } from './administration.errors';
import { nextMembershipNumber, takeMembershipNumberTurn } from './membership-number';

/** The membership fields an audit row records before and after a change. */
const membershipColumns = {
  user_camnum: users.user_camnum,
  user_type: users.user_type,
  user_expiration: users.user_expiration,
  id_location: users.id_location,
  is_disabled: users.is_disabled,
};

async function lockMember(tx: Tx, id_user: number) {
  const [row] = await tx.select(membershipColumns).from(users).where(eq(users.id_user, id_user)).for('update');
  if (!row) throw administrationErrors.memberNotFound();
  return row;
}

/** Only a domain (SPEC §3: location_type above 3, a domain or a sub-domain) can be a member's home (issue 23). */
async function homeDomain(tx: Tx, id_location: number) {
  const [row] = await tx.select().from(locations).where(eq(locations.id_location, id_location));
  if (!row || !isDomain(row)) throw administrationErrors.noSuchDomain();
  return row;
}

async function assertCamnumFree(tx: Tx, user_camnum: string, except?: number) {
  const [row] = await tx
    .select({ id: users.id_user })
    .from(users)
    .where(and(eq(users.user_camnum, user_camnum), except ? ne(users.id_user, except) : undefined));
  if (row) throw administrationErrors.camnumTaken();
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new one-time link, e-mailed to the member (any earlier unused link of the member stops working). */
export async function issueLink(tx: Tx, id_user: number, by: number, publicUrl: string): Promise<SetPasswordLink> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3600 * 1000);
  await tx
    .update(passwordSetupTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordSetupTokens.id_user, id_user), isNull(passwordSetupTokens.used_at)));
  await tx.insert(passwordSetupTokens).values({ id_user, token_hash: hashLinkToken(token), expires_at: expires, created_by: by });
  const url = `${publicUrl}/set-password/${token}`;
  await mailSetPasswordLink(tx, id_user, url);
  return { url, expires_at: expires.toISOString() };
}

export interface LinkOptions {
  /** The embedded provider signs members in: a set-password link is issued. */
  embedded: boolean;
  publicUrl: string;
}

/** SPEC §7 POST /users: the member, their email, and (embedded SSO) a one-time set-password link. */
export async function createMember(
  db: Db,
  by: number,
  input: MemberCreate,
  opts: LinkOptions,
): Promise<{ id_user: number; link: SetPasswordLink }> {
  return db.transaction(async (tx) => {
    const home = await homeDomain(tx, input.id_location);
    const email = input.tbl_user_email.email.toLowerCase();
    const [taken] = await tx
      .select({ id: userEmails.id_email })
      .from(userEmails)
      .where(eq(sql`lower(${userEmails.email})`, email));
    if (taken) throw administrationErrors.emailTaken();
    await takeMembershipNumberTurn(tx);
    if (input.user_camnum) await assertCamnumFree(tx, input.user_camnum);
    const user_camnum = input.user_camnum ?? (await nextMembershipNumber(tx, home));
    const { tbl_user_email: _, tbl_user_phone: phone, tbl_user_address: address, ...record } = input;
    const fields = { ...record, user_mname: record.user_mname || null, user_camnum };
    const [member] = await tx.insert(users).values(fields).returning({ id_user: users.id_user });
    const id_user = member!.id_user;
    await tx.insert(userEmails).values({ id_user, email, is_verified: true });
    if (phone) await tx.insert(userPhones).values({ id_user, phone_number: phone.phone_number });
    if (address) await tx.insert(userAddresses).values({ id_user, ...address });
    const link = opts.embedded ? await issueLink(tx, id_user, by, opts.publicUrl) : { url: null, expires_at: null };
    await writeAudit(tx, { by, action: 'member.create', entity: 'user', entityId: id_user, after: { ...fields, email } });
    return { id_user, link };
  });
}

/** A fresh set-password link for a member who lost theirs (embedded SSO only). */
export async function reissueLink(db: Db, by: number, id_user: number, opts: LinkOptions): Promise<SetPasswordLink> {
  if (!opts.embedded) throw administrationErrors.externalProvider();
  return db.transaction(async (tx) => {
    await lockMember(tx, id_user);
    const link = await issueLink(tx, id_user, by, opts.publicUrl);
    await writeAudit(tx, {
      by,
      action: 'member.set_password_link',
      entity: 'user',
      entityId: id_user,
      after: { expires_at: link.expires_at },
    });
    return link;
  });
}

export async function updateMembership(db: Db, by: number, id_user: number, input: MembershipUpdate): Promise<void> {
  const { expected, ...changes } = input;
  await db.transaction(async (tx) => {
    const before = await lockMember(tx, id_user);
    const fields = ['user_camnum', 'user_type', 'user_expiration', 'id_location'] as const;
    if (expected && fields.some((field) => before[field] !== expected[field])) throw administrationErrors.membershipChanged();
    await homeDomain(tx, changes.id_location);
    await assertCamnumFree(tx, changes.user_camnum, id_user);
    await tx.update(users).set(changes).where(eq(users.id_user, id_user));
    await writeAudit(tx, { by, action: 'member.update', entity: 'user', entityId: id_user, before, after: { ...before, ...changes } });
  });
}

/** A coordinator's or administrator's renewal: the new expiry, audited, and the member told. */
export async function renewMembership(db: Db, actor: Actor, id_user: number, user_expiration: string): Promise<void> {
  const by = actor.id_user;
  await noticesTransaction(db, async (tx) => {
    const before = await lockMember(tx, id_user);
    // A transfer or a change of the coordinator's post since the right was checked (decision 028).
    if (!(await stillCoordinates(tx, actor, before.id_location))) throw administrationErrors.outOfReach();
    if (before.is_disabled) throw administrationErrors.renewDisabled();
    // A renewal extends: past today and past the current expiry (ISO dates compare as text).
    const today = new Date().toISOString().slice(0, 10);
    if (user_expiration <= today || (before.user_expiration !== null && user_expiration <= before.user_expiration)) {
      throw administrationErrors.renewalNotLater();
    }
    await tx.update(users).set({ user_expiration }).where(eq(users.id_user, id_user));
    await writeAudit(tx, {
      by,
      action: 'member.renew',
      entity: 'user',
      entityId: id_user,
      before: { user_expiration: before.user_expiration },
      after: { user_expiration },
    });
    await notify(tx, id_user, { kind: 'membership', message: `Your membership was renewed until ${user_expiration}.`, link: '/overview' });
  });
}

/** Ends every session of the member (API tokens and the embedded provider's), so sign-in is refused at once. */
export async function endSessions(tx: Tx, id_user: number) {
  await tx
    .update(sessions)
    .set({ revoked_at: sql`now()`, id_token: null })
    .where(and(eq(sessions.id_user, id_user), isNull(sessions.revoked_at)));
  await tx
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${String(id_user)}`));
}

/**
 * The member's set-password and reset links that are still unused stop working: once their password is set or
 * changed, or they are deactivated, an older link (in an inbox, or an administrator's notice) must not set it again.
 */
export async function retireLinks(tx: Tx, id_user: number): Promise<void> {
  await tx
    .update(passwordSetupTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordSetupTokens.id_user, id_user), isNull(passwordSetupTokens.used_at)));
}

/**
 * Deactivation: sessions end, links stop working and sign-in is refused; their places at coming games go to those
 * waiting; nothing of the member's is deleted.
 */
export async function setDisabled(db: Db, by: number, id_user: number, disabled: boolean, note?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockMember(tx, id_user);
    if (disabled && before.is_disabled) throw administrationErrors.alreadyDisabled();
    if (!disabled && !before.is_disabled) throw administrationErrors.notDisabled();
    await tx.update(users).set({ is_disabled: disabled }).where(eq(users.id_user, id_user));
    if (disabled) {
      await endSessions(tx, id_user);
      await retireLinks(tx, id_user);
      await withdrawFromComingGames(tx, id_user);
    }
    await writeAudit(tx, {
      by,
      action: disabled ? 'member.deactivate' : 'member.reactivate',
      entity: 'user',
      entityId: id_user,
      before: { is_disabled: before.is_disabled },
      after: { is_disabled: disabled },
      note: note ?? null,
    });
  });
  tablesChanged(db, ['users', 'sessions']);
}

export type LinkState = { id_user: number } | 'invalid';

/** Whether a set-password token is live: unused, unexpired, of an enabled member. */
export async function findLink(db: Db, token: string): Promise<LinkState> {
  const [row] = await db
    .select({ id_user: passwordSetupTokens.id_user })
    .from(passwordSetupTokens)
    .innerJoin(users, eq(users.id_user, passwordSetupTokens.id_user))
    .where(
      and(
        eq(passwordSetupTokens.token_hash, hashLinkToken(token)),
        isNull(passwordSetupTokens.used_at),
        gt(passwordSetupTokens.expires_at, sql`now()`),
        eq(users.is_disabled, false),
      ),
    );
  return row ?? 'invalid';
}

/** Uses the link once: stores the password hash and marks the link used, or answers false if it is no longer live. */
export async function useLink(db: Db, token: string, passwordHash: string): Promise<boolean> {
  const used = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordSetupTokens)
      .set({ used_at: sql`now()` })
      .where(
        and(
          eq(passwordSetupTokens.token_hash, hashLinkToken(token)),
          isNull(passwordSetupTokens.used_at),
          gt(passwordSetupTokens.expires_at, sql`now()`),
        ),
      )
      .returning({ id_user: passwordSetupTokens.id_user });
    if (!row) return false;
    const [member] = await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: sql`now()` })
      .where(and(eq(users.id_user, row.id_user), eq(users.is_disabled, false)))
      .returning({ id_user: users.id_user });
    if (!member) return false;
    // A link is also how an account is recovered: whoever held the old password is signed out everywhere, loses the
    // private calendar address they could take with it, and whoever holds another of the member's links can no
    // longer use it.
    await endSessions(tx, row.id_user);
    await revokeFeed(tx, row.id_user);
    await retireLinks(tx, row.id_user);
    await writeAudit(tx, { by: row.id_user, action: 'member.password_set', entity: 'user', entityId: row.id_user, note: 'One-time link' });
    return true;
  });
  tablesChanged(db, ['sessions']);
  return used;
}
