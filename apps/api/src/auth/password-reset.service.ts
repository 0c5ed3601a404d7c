// Issue 23: self-service password reset on the embedded provider. A one-time link valid for an hour, stored
// hashed as administrators' set-password links are (the same table and page), and delivered by e-mail (issue 25).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordSetupTokens, userEmails, users, type Db, type Tx } from '../db/index';
import { hashLinkToken } from '../modules/administration/members.service';
import { enqueue } from '../modules/mail/mail.outbox';
import { notify, type NoticeTx, noticesTransaction } from '../modules/notifications/notifications.service';

/** How long a self-service reset link lives (an administrator's set-password link lives 72 hours). */
export const PASSWORD_RESET_LINK_MINUTES = 60;

export interface ResetMember {
  id_user: number;
  name: string;
  camnum: string;
  email: string;
}

export interface ResetLink {
  url: string;
  expires_at: Date;
}

export interface DeliveryDeps {
  db: NoticeTx;
  log: { info(message: string): void };
  /** In production the log never holds the link (a log reader could take over the account). */
  production: boolean;
  /** An SMTP server is configured; without one, administrators are also told in-app, to hand the link over. */
  mailServer: boolean;
}

/** The enabled member who uses this address, if any. */
export async function findResetMember(db: Db, email: string): Promise<ResetMember | undefined> {
  const [row] = await db
    .select({
      id_user: users.id_user,
      fname: users.user_fname,
      lname: users.user_lname,
      camnum: users.user_camnum,
      email: userEmails.email,
    })
    .from(userEmails)
    .innerJoin(users, eq(users.id_user, userEmails.id_user))
    .where(and(eq(sql`lower(${userEmails.email})`, email.trim().toLowerCase()), eq(users.is_disabled, false)))
    .limit(1);
  return row ? { id_user: row.id_user, name: `${row.fname} ${row.lname}`, camnum: row.camnum, email: row.email } : undefined;
}

/**
 * A new reset link for the member. Their earlier unused reset links stop working (an administrator's link,
 * which has its issuer in created_by, is left alone); the link is stored hashed, never as it is.
 */
async function issueResetLink(tx: Tx, id_user: number, publicUrl: string): Promise<ResetLink> {
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(Date.now() + PASSWORD_RESET_LINK_MINUTES * 60 * 1000);
  await tx
    .update(passwordSetupTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordSetupTokens.id_user, id_user), isNull(passwordSetupTokens.used_at), isNull(passwordSetupTokens.created_by)));
  await tx.insert(passwordSetupTokens).values({ id_user, token_hash: hashLinkToken(token), expires_at, created_by: null });
  return { url: `${publicUrl}/set-password/${token}`, expires_at };
}

const timeOfDay = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * Where a reset link goes: an e-mail to the member, written in the transaction that issues the link. With no
 * mail server configured (the quick start) the log has it outside production, and administrators are told
 * in-app, who hand it over as they hand over their own set-password links.
 */
export async function deliverPasswordResetLink(deps: DeliveryDeps, member: ResetMember, link: ResetLink): Promise<void> {
  deps.log.info(
    deps.production
      ? `password reset link issued for member ${member.id_user}`
      : `password reset link issued for member ${member.id_user}: ${link.url}`,
  );
  await enqueue(deps.db, {
    id_user: member.id_user,
    to: member.email,
    kind: 'account',
    subject: 'Reset your password',
    body: `Someone, probably you, asked to reset the password of ${member.name} (${member.camnum}). Follow the link to choose a new password; it works once and until ${timeOfDay(link.expires_at)} (${PASSWORD_RESET_LINK_MINUTES / 60} hour). If you did not ask, ignore this e-mail: your password stays as it is.`,
    link: link.url,
    unsubscribable: false,
  });
  if (deps.mailServer) return;
  const admins = await deps.db
    .select({ id_user: users.id_user })
    .from(users)
    .where(and(eq(users.is_admin, true), eq(users.is_disabled, false)));
  await notify(
    deps.db,
    admins.map((a) => a.id_user),
    {
      kind: 'password_reset',
      message: `${member.name} (${member.camnum}, ${member.email}) asked to reset their password. Hand them this link; it works once and until ${timeOfDay(link.expires_at)} (${PASSWORD_RESET_LINK_MINUTES / 60} hour): ${link.url}`,
    },
  );
}

/** Issues the member's link and delivers it, together or not at all. */
export async function sendPasswordReset(
  db: Db,
  member: ResetMember,
  opts: { publicUrl: string; log: DeliveryDeps['log']; production: boolean; mailServer: boolean },
): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    // Still the member's address and the member still active: an address replaced since the look-up gets no link (a
    // change of it waits for this, then retires the link, or came first and is read here).
    const [still] = await tx
      .select({ id: userEmails.id_email })
      .from(userEmails)
      .innerJoin(users, eq(users.id_user, userEmails.id_user))
      .where(and(eq(userEmails.id_user, member.id_user), eq(userEmails.email, member.email), eq(users.is_disabled, false)))
      .for('share', { of: userEmails });
    if (!still) return;
    const link = await issueResetLink(tx, member.id_user, opts.publicUrl);
    await deliverPasswordResetLink({ db: tx, log: opts.log, production: opts.production, mailServer: opts.mailServer }, member, link);
  });
}
