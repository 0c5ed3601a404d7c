// Issue 26: a members plan written in one transaction (all or nothing), audited once for the file without the
// members' personal data; new members get a set-password link only when the administrator asks for it.
import { eq } from 'drizzle-orm';
import { tablesChanged, userAddresses, userEmails, userPhones, users, type Db, type Tx } from '../../db/index';
import { issueLink, type LinkOptions } from '../administration/members.service';
import { takeMembershipNumberTurn } from '../administration/membership-number';
import { auditImport, type ImportFile } from './import-kit';
import { chunks } from './members-lookup';
import type { ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { type PlannedMember, planMembers } from './members-import';

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
  const ids: number[] = [];
  // Each statement stays well under PostgreSQL's 65,535 bound values.
  for (const part of chunks(rows, 500)) {
    const made = await tx
      .insert(users)
      .values(part.map((p) => memberFields(p.input)))
      .returning({ id_user: users.id_user, user_camnum: users.user_camnum });
    const idOf = new Map(made.map((m) => [m.user_camnum, m.id_user]));
    const id = (p: PlannedMember) => idOf.get(p.input.user_camnum)!;
    ids.push(...part.map(id));
    await tx
      .insert(userEmails)
      .values(part.map((p) => ({ id_user: id(p), email: p.input.tbl_user_email.email.toLowerCase(), is_verified: true })));
    const phones = part.filter((p) => p.input.tbl_user_phone);
    if (phones.length)
      await tx.insert(userPhones).values(phones.map((p) => ({ id_user: id(p), phone_number: p.input.tbl_user_phone!.phone_number })));
    const addresses = part.filter((p) => p.input.tbl_user_address);
    if (addresses.length) await tx.insert(userAddresses).values(addresses.map((p) => ({ id_user: id(p), ...p.input.tbl_user_address! })));
  }
  return ids;
}

async function updateOne(tx: Tx, p: PlannedMember) {
  const e = p.existing!;
  const { user_camnum: _, ...fields } = memberFields(p.input);
  await tx.update(users).set(fields).where(eq(users.id_user, e.id_user));
  const email = p.input.tbl_user_email.email.toLowerCase();
  if (e.id_email === null) await tx.insert(userEmails).values({ id_user: e.id_user, email, is_verified: true });
  else if (email !== e.email?.toLowerCase()) await tx.update(userEmails).set({ email }).where(eq(userEmails.id_email, e.id_email));
  const phone = p.input.tbl_user_phone;
  if (phone && e.phone) await tx.update(userPhones).set(phone).where(eq(userPhones.id_phone, e.phone.id_phone));
  else if (phone) await tx.insert(userPhones).values({ id_user: e.id_user, ...phone });
  const address = p.input.tbl_user_address;
  if (address && e.address) await tx.update(userAddresses).set(address).where(eq(userAddresses.id_address, e.address.id_address));
  else if (address) await tx.insert(userAddresses).values({ id_user: e.id_user, ...address });
}

export interface ApplyOptions extends LinkOptions, ImportFile {
  sendLinks: boolean;
}

/**
 * Plans and writes in one transaction, inside the membership-number turn (the same as a member created by hand),
 * so nothing created meanwhile can turn a planned row into a clash. A file with any bad row writes nothing; one
 * that changes nothing writes nothing either (not even an audit row), so a second run is a no-op.
 */
export async function importMembers(db: Db, opts: ApplyOptions): Promise<ImportReport> {
  const report = await db.transaction(async (tx) => {
    await takeMembershipNumberTurn(tx);
    const { report, planned } = await planMembers(tx, opts.csv, false);
    const creates = planned.filter((p) => p.action === 'create');
    const updates = planned.filter((p) => p.action === 'update');
    if (report.errors.length) return report;
    if (!creates.length && !updates.length) return { ...report, applied: true };
    const created = await createAll(tx, creates);
    for (const p of updates) await updateOne(tx, p);
    if (opts.sendLinks && opts.embedded) {
      for (const id_user of created) await issueLink(tx, id_user, opts.by, opts.publicUrl);
    }
    await auditImport(tx, 'members', opts, report, { links_sent: opts.sendLinks && opts.embedded });
    return { ...report, applied: true };
  });
  if (report.created || report.updated) tablesChanged(db, ['users']);
  return report;
}
