// Reading members with their email, phone and address rows (SPEC §3 User).
import type { ProfileUpdate } from '@guildhall/shared/schemas/profile';
import type { User } from '@guildhall/shared/schemas/user';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { batchedByKey, anyOfKeys, type Db, oncePerDatabase, type Tx, userAddresses, userEmails, userPhones, users } from '../../db/index';
import { retireLinks } from '../administration/members.service';
import { mailAddressChanged } from '../mail/mail.account';
import { usersErrors } from './users.errors';

export const userNotFound = usersErrors.notFound;

/** A member's public facts (names, membership number, type, expiry, domain), as lists and records show them. */
export const memberColumns = {
  id_user: users.id_user,
  user_fname: users.user_fname,
  user_mname: users.user_mname,
  user_lname: users.user_lname,
  user_nick: users.user_nick,
  user_camnum: users.user_camnum,
  user_type: users.user_type,
  user_expiration: users.user_expiration,
  id_location: users.id_location,
};

// First row of each kind is the member's primary one; the SPA edits exactly that row by its id.
const primaryEmail = (db: Db) =>
  db
    .select({ id_email: userEmails.id_email, email: userEmails.email })
    .from(userEmails)
    .where(eq(userEmails.id_user, users.id_user))
    .orderBy(asc(userEmails.id_email))
    .limit(1)
    .as('primary_email');
const primaryPhone = (db: Db) =>
  db
    .select({ id_phone: userPhones.id_phone, phone_number: userPhones.phone_number })
    .from(userPhones)
    .where(eq(userPhones.id_user, users.id_user))
    .orderBy(asc(userPhones.id_phone))
    .limit(1)
    .as('primary_phone');
const primaryAddress = (db: Db) =>
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
    .where(eq(userAddresses.id_user, users.id_user))
    .orderBy(asc(userAddresses.id_address))
    .limit(1)
    .as('primary_address');

const recordColumns = { ...memberColumns, user_prefix: users.user_prefix, user_bday: users.user_bday, is_admin: users.is_admin };

// The record alone, and the record with its primary email, phone and address (lateral joins): each one prepared
// statement, prepared once per database, reading every record asked for meanwhile (db/per-database.ts `batchedByKey`) in one round trip.
const ids = anyOfKeys(users.id_user, sql.placeholder('ids'));
const getUserStatements = oncePerDatabase((db) => {
  const email = primaryEmail(db);
  const phone = primaryPhone(db);
  const address = primaryAddress(db);
  return {
    record: db.select(recordColumns).from(users).where(ids).prepare('user_records'),
    withContacts: db
      .select({
        ...recordColumns,
        email: { id_email: email.id_email, email: email.email },
        phone: { id_phone: phone.id_phone, phone_number: phone.phone_number },
        address: {
          id_address: address.id_address,
          addr_line_1: address.addr_line_1,
          addr_line_2: address.addr_line_2,
          addr_city: address.addr_city,
          addr_state: address.addr_state,
          addr_zip: address.addr_zip,
          addr_country: address.addr_country,
        },
      })
      .from(users)
      .leftJoinLateral(email, sql`true`)
      .leftJoinLateral(phone, sql`true`)
      .leftJoinLateral(address, sql`true`)
      .where(ids)
      .prepare('user_records_with_contacts'),
  };
});

const byId = <R extends { id_user: number }>(rows: R[]) => new Map(rows.map((row) => [row.id_user, row]));
const recordOf = batchedByKey(async (db, keys: number[]) => byId(await getUserStatements(db).record.execute({ ids: keys })));
const recordWithContactsOf = batchedByKey(async (db, keys: number[]) =>
  byId(await getUserStatements(db).withContacts.execute({ ids: keys })),
);

export async function getUser(db: Db, id_user: number, opts: { withContacts: boolean }): Promise<User> {
  if (!opts.withContacts) {
    const row = await recordOf(db, id_user);
    if (!row) throw userNotFound();
    return { ...row, user_bday: null, tbl_user_email: null, tbl_user_phone: null, tbl_user_address: null };
  }
  const row = await recordWithContactsOf(db, id_user);
  if (!row) throw userNotFound();
  const { email, phone, address, ...record } = row;
  return { ...record, tbl_user_email: email, tbl_user_phone: phone, tbl_user_address: address };
}

/** SPEC §7 POST /user/{id_user} for the profile: the member row and their email, phone and address, all or nothing. */
export async function updateProfile(db: Db, id_user: number, input: ProfileUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id_user, camnum: users.user_camnum })
      .from(users)
      .where(eq(users.id_user, id_user))
      .for('update');
    if (!user) throw userNotFound();
    await tx
      .update(users)
      .set({ user_nick: input.user_nick || null, user_prefix: input.user_prefix || null, user_bday: input.user_bday })
      .where(eq(users.id_user, id_user));

    const email = input.tbl_user_email.email.toLowerCase();
    /** The address this save replaces, if it changes one. */
    let former: string | undefined;
    const [taken] = await tx
      .select({ id_user: userEmails.id_user })
      .from(userEmails)
      .where(and(eq(sql`lower(${userEmails.email})`, email), ne(userEmails.id_user, id_user)));
    if (taken) {
      throw usersErrors.emailTaken();
    }
    await upsertOwned(
      tx,
      userEmails,
      userEmails.id_email,
      input.tbl_user_email.id_email,
      id_user,
      'tbl_user_email.id_email',
      async (current) => {
        // A changed address is no longer one the society has verified.
        const changed = current?.email?.toString().toLowerCase() !== email;
        if (changed && current) former = String(current.email);
        return { email, ...(changed ? { is_verified: false } : {}) };
      },
    );
    // A new address: links sent to the former one stop working, and it is told (a taken session must not turn into
    // the account quietly, through a reset link sent to the new address).
    if (former) {
      await retireLinks(tx, id_user);
      await mailAddressChanged(tx, id_user, former, user.camnum);
    }
    await upsertOwned(tx, userPhones, userPhones.id_phone, input.tbl_user_phone.id_phone, id_user, 'tbl_user_phone.id_phone', async () => ({
      phone_number: input.tbl_user_phone.phone_number,
    }));
    const { id_address: _, ...address } = input.tbl_user_address;
    await upsertOwned(
      tx,
      userAddresses,
      userAddresses.id_address,
      input.tbl_user_address.id_address,
      id_user,
      'tbl_user_address.id_address',
      async () => ({
        addr_line_1: address.addr_line_1,
        addr_city: address.addr_city,
        addr_state: address.addr_state,
        // The profile popup sends neither line 2 nor zip nor country (SPEC): a save keeps what it does not send.
        ...(address.addr_line_2 !== undefined ? { addr_line_2: address.addr_line_2 || null } : {}),
        ...(address.addr_zip !== undefined ? { addr_zip: address.addr_zip } : {}),
        ...(address.addr_country !== undefined ? { addr_country: address.addr_country } : {}),
      }),
    );
  });
}

/** Updates the member's row `id` of a contact table (with no id, their first row, or a new one); another member's id is a 400. */
export async function upsertOwned<T extends typeof userEmails | typeof userPhones | typeof userAddresses>(
  tx: Tx,
  table: T,
  idColumn: PgColumn,
  id: number | null | undefined,
  id_user: number,
  path: string,
  values: (current: Record<string, unknown> | undefined) => Promise<Record<string, unknown>>,
) {
  // With no id, the member's row if they have one (the profile shows one): their record is locked, so a save made at
  // the same time has committed its row by now, and this one updates it rather than adding a second.
  const target =
    id ||
    ((
      await tx
        .select({ id: idColumn })
        .from(table as typeof userEmails)
        .where(eq(table.id_user, id_user))
        .orderBy(asc(idColumn))
        .limit(1)
    )[0]?.id as number | undefined);
  if (target) {
    const [current] = (await tx
      .select()
      .from(table as typeof userEmails)
      .where(and(eq(idColumn, target), eq(table.id_user, id_user)))) as Record<string, unknown>[];
    if (!current) throw usersErrors.notOwnRow(path);
    await tx
      .update(table)
      .set((await values(current)) as never)
      .where(eq(idColumn, target));
    return;
  }
  await tx.insert(table).values({ id_user, ...(await values(undefined)) } as never);
}

export async function assertMemberExists(db: Db, id_user: number) {
  const [row] = await db.select({ id: users.id_user }).from(users).where(eq(users.id_user, id_user));
  if (!row) throw usersErrors.notFound();
}
