// Reading members with their email, phone and address rows (SPEC §3 User).
import type { User } from '@guildhall/shared/schemas/user';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userAddresses, userEmails, userPhones, users } from '../../db/schema/index';
import { notFound } from '../../errors';

export const userNotFound = () => notFound('users.not_found', 'No member has this id.');

export async function getUser(db: Db, id_user: number, opts: { withContacts: boolean }): Promise<User> {
  const [row] = await db
    .select({
      id_user: users.id_user,
      user_fname: users.user_fname,
      user_mname: users.user_mname,
      user_lname: users.user_lname,
      user_nick: users.user_nick,
      user_prefix: users.user_prefix,
      user_bday: users.user_bday,
      user_camnum: users.user_camnum,
      user_type: users.user_type,
      user_expiration: users.user_expiration,
      id_location: users.id_location,
      is_admin: users.is_admin,
    })
    .from(users)
    .where(eq(users.id_user, id_user));
  if (!row) throw userNotFound();
  if (!opts.withContacts) {
    return { ...row, user_bday: null, tbl_user_email: null, tbl_user_phone: null, tbl_user_address: null };
  }
  // First row of each kind is the member's primary one; the SPA edits exactly that row by its id.
  const [email, phone, address] = await Promise.all([
    db
      .select({ id_email: userEmails.id_email, email: userEmails.email })
      .from(userEmails)
      .where(eq(userEmails.id_user, id_user))
      .orderBy(asc(userEmails.id_email))
      .limit(1),
    db
      .select({ id_phone: userPhones.id_phone, phone_number: userPhones.phone_number })
      .from(userPhones)
      .where(eq(userPhones.id_user, id_user))
      .orderBy(asc(userPhones.id_phone))
      .limit(1),
    db
      .select({
        id_address: userAddresses.id_address,
        addr_line_1: userAddresses.addr_line_1,
        addr_line_2: userAddresses.addr_line_2,
        addr_city: userAddresses.addr_city,
        addr_state: userAddresses.addr_state,
        addr_zip: userAddresses.addr_zip,
        addr_country: userAddresses.addr_country,
      })
      .from(userAddresses)
      .where(eq(userAddresses.id_user, id_user))
      .orderBy(asc(userAddresses.id_address))
      .limit(1),
  ]);
  return { ...row, tbl_user_email: email[0] ?? null, tbl_user_phone: phone[0] ?? null, tbl_user_address: address[0] ?? null };
}
