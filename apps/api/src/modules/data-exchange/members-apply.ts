// Issue 26: a members plan written in one transaction (all or nothing), audited once for the file without the
// members' personal data; new members get a set-password link only when the administrator asks for it.
import { eq } from 'drizzle-orm';
import { tablesChanged, userAddresses, userEmails, userPhones, users, type Db, type Tx } from '../../db/index';
import { issueLink, type LinkOptions, retireLinks } from '../administration/members.service';
import { mailAddressChanged } from '../mail/mail.account';
import { takeMembershipNumberTurn } from '../administration/membership-number';
import { auditImport, FileRefused, type ImportFile, type RowErrors } from './import-kit';
import { insertRows } from './insert-rows';
import type { ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { upsertOwned } from '../users/users.service';
import { type PlannedMember, walkMembers } from './members-import';

const memberFields = (input: PlannedMember['input']) => ({
  user_fname: input.user_fname,
  user_mname: input.user_mname || null,
  user_lname: input.user_lname,
  user_camnum: input.user_camnum,
  user_type: input.user_type,
  user_expiration: input.user_expiration,
  id_location: input.id_location,
});

async function createAll(tx: Tx, rows: PlannedMember[]): Promise<number[]> {
  const made = await insertRows(
    tx,
    users,
    rows.map((p) => memberFields(p.input)),
    ['id_user', 'user_camnum'],
  );
  const idOf = new Map(made.map((m) => [m.user_camnum, m.id_user]));
  const id = (p: PlannedMember) => idOf.get(p.input.user_camnum)!;
  await insertRows(
    tx,
    userEmails,
    rows.map((p) => ({ id_user: id(p), email: p.input.tbl_user_email.email.toLowerCase(), is_verified: true })),
  );
  const phones = rows.filter((p) => p.input.tbl_user_phone);
  await insertRows(
    tx,
    userPhones,
    phones.map((p) => ({ id_user: id(p), phone_number: p.input.tbl_user_phone!.phone_number })),
  );
  const addresses = rows.filter((p) => p.input.tbl_user_address);
  await insertRows(
    tx,
    userAddresses,
    addresses.map((p) => ({ id_user: id(p), ...p.input.tbl_user_address! })),
  );
  return rows.map(id);
}

async function updateOne(tx: Tx, p: PlannedMember) {
  const e = p.existing!;
  const { user_camnum: _, ...fields } = memberFields(p.input);
  await tx.update(users).set(fields).where(eq(users.id_user, e.id_user));
  const email = p.input.tbl_user_email.email.toLowerCase();
  if (e.id_email === null) await tx.insert(userEmails).values({ id_user: e.id_user, email, is_verified: true });
  else if (email !== e.email?.toLowerCase()) {
    await tx.update(userEmails).set({ email }).where(eq(userEmails.id_email, e.id_email));
    // As when the member changes it (users.service.ts): links sent to the former address stop working, and it is told.
    await retireLinks(tx, e.id_user);
    if (e.email) await mailAddressChanged(tx, e.id_user, e.email, p.input.user_camnum);
  }
  // The member's row is locked now (the update above), but the plan was read before: a phone or address the member
  // saved meanwhile is updated as the profile's save would, not doubled by an insert.
  const phone = p.input.tbl_user_phone;
  if (phone) await upsertOwned(tx, userPhones, userPhones.id_phone, e.phone?.id_phone, e.id_user, 'phone', async () => phone);
  const address = p.input.tbl_user_address;
  if (address)
    await upsertOwned(tx, userAddresses, userAddresses.id_address, e.address?.id_address, e.id_user, 'address', async () => address);
}

export interface ApplyOptions extends LinkOptions, ImportFile {
  sendLinks: boolean;
}

/**
 * Plans and writes chunk by chunk in one transaction, inside the membership-number turn (the same as a member
 * created by hand), so nothing created meanwhile can turn a planned row into a clash. Once a bad row is met no
 * more is written, and at the end the transaction is rolled back: a file with any bad row writes nothing. One that
 * changes nothing writes nothing either (not even an audit row), so a second run is a no-op.
 */
export async function importMembers(db: Db, opts: ApplyOptions): Promise<ImportReport> {
  const links = opts.sendLinks && opts.embedded;
  const write = async (tx: Tx, planned: PlannedMember[], errors: RowErrors) => {
    if (errors.any) return;
    const created = await createAll(
      tx,
      planned.filter((p) => p.action === 'create'),
    );
    for (const p of planned) if (p.action === 'update') await updateOne(tx, p);
    if (links) for (const id_user of created) await issueLink(tx, id_user, opts.by, opts.publicUrl);
  };
  let report: ImportReport;
  try {
    report = await db.transaction(async (tx) => {
      await takeMembershipNumberTurn(tx);
      const report = await walkMembers(tx, opts.csv, false, {
        each: (planned, errors) => write(tx, planned, errors),
        onProgress: opts.onProgress,
      });
      if (report.errors.length) throw new FileRefused(report);
      if (report.created || report.updated) await auditImport(tx, 'members', opts, report, { links_sent: links });
      return { ...report, applied: true };
    });
  } catch (error) {
    if (error instanceof FileRefused) return error.report;
    throw error;
  }
  if (report.created || report.updated) tablesChanged(db, ['users']);
  return report;
}
