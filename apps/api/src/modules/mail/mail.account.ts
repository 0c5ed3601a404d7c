// Account messages (issue 25): a new member's set-password link goes to the member, and word of a changed e-mail
// address to the former one. They cannot be turned off, carry no unsubscribe link, and their link is dropped from
// the outbox once delivered.
import { SET_PASSWORD_LINK_HOURS } from '@guildhall/shared/constants';
import { asc, eq } from 'drizzle-orm';
import { userEmails, users, type Tx } from '../../db/index';
import { enqueue } from './mail.outbox';

export async function mailSetPasswordLink(tx: Tx, id_user: number, url: string): Promise<void> {
  const [member] = await tx
    .select({ fname: users.user_fname, camnum: users.user_camnum, email: userEmails.email })
    .from(users)
    .innerJoin(userEmails, eq(userEmails.id_user, users.id_user))
    .where(eq(users.id_user, id_user))
    .orderBy(asc(userEmails.id_email))
    .limit(1);
  if (!member) return;
  await enqueue(tx, {
    id_user,
    to: member.email,
    kind: 'account',
    subject: 'Set your password',
    body: `Welcome, ${member.fname}. Your membership number is ${member.camnum}. Follow the link to choose your password and sign in; it works once, within ${SET_PASSWORD_LINK_HOURS} hours.`,
    link: url,
    unsubscribable: false,
  });
}

/**
 * The member's e-mail address was changed from `former` (by them, or by a members import): that address hears of it,
 * so a member whose session was taken learns that whoever holds it can now reset their password through the new one.
 */
export async function mailAddressChanged(tx: Tx, id_user: number, former: string, camnum: string | null): Promise<void> {
  await enqueue(tx, {
    id_user,
    to: former,
    kind: 'account',
    subject: 'Your e-mail address was changed',
    body: `The e-mail address of membership ${camnum ?? id_user} was changed from this one to another. If you did not ask for this, contact the society's administrators at once: whoever holds the new address can reset your password.`,
    unsubscribable: false,
  });
}
