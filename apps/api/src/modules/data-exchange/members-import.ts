// Issue 26: a members file, row by row: each row checked as POST /users checks a member (the same zod schema),
// its home domain found by code, matched to an existing member by membership number, and planned as a create,
// an update or nothing. A dry run stops at the plan; an apply writes the plan in one transaction (members-apply).
import { USER_TYPES } from '@guildhall/shared/constants';
import { IMPORT_COLUMNS, type ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { type MemberCreate, memberCreateSchema } from '@guildhall/shared/schemas/administration';
import { isDomain } from '@guildhall/shared/rules/locations';
import type { Db, Tx } from '../../db/index';
import { TransactionRollbackError } from 'drizzle-orm';
import { type CsvSource, type OnProgress, readCsv } from './csv-read';
import { erasedMemberReason } from './erased-members';
import { type PlannedAction, previewReport, RowErrors, tally } from './import-kit';
import { FirstLines, type KeyColumn } from './members-first-lines';
import { type Existing, findExisting, locationsByCode } from './members-lookup';

export interface PlannedMember {
  line: number;
  input: MemberCreate & { user_camnum: string };
  existing: Existing | undefined;
  action: PlannedAction;
}

/** Where the schema's paths come from in the file. */
const COLUMN_OF: Record<string, string> = {
  user_fname: 'first_name',
  user_mname: 'middle_name',
  user_lname: 'last_name',
  user_camnum: 'membership_number',
  user_type: 'type',
  user_expiration: 'expiry',
  id_location: 'domain_code',
  'tbl_user_email.email': 'email',
  tbl_user_email: 'email',
  'tbl_user_phone.phone_number': 'phone',
  'tbl_user_address.addr_line_1': 'address_line_1',
  'tbl_user_address.addr_line_2': 'address_line_2',
  'tbl_user_address.addr_city': 'city',
  'tbl_user_address.addr_state': 'state',
  'tbl_user_address.addr_zip': 'zip',
  'tbl_user_address.addr_country': 'country',
};
const ADDRESS_COLUMNS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;
const blankToNull = (v: string | undefined) => (v?.trim() ? v : null);

/** The row in POST /users' shape; the home domain is resolved by the caller. */
function memberInput(v: Record<string, string>, id_location: number) {
  const type = USER_TYPES.find((t) => t.toLowerCase() === (v.type ?? '').trim().toLowerCase()) ?? v.type;
  const hasAddress = ADDRESS_COLUMNS.some((c) => v[c]?.trim());
  return {
    user_fname: v.first_name,
    user_mname: blankToNull(v.middle_name),
    user_lname: v.last_name,
    user_camnum: v.membership_number,
    user_type: type,
    user_expiration: v.expiry,
    id_location,
    tbl_user_email: { email: v.email },
    tbl_user_phone: v.phone?.trim() ? { phone_number: v.phone } : null,
    tbl_user_address: hasAddress
      ? {
          addr_line_1: v.address_line_1,
          addr_line_2: blankToNull(v.address_line_2),
          addr_city: v.city,
          addr_state: v.state,
          addr_zip: blankToNull(v.zip),
          addr_country: blankToNull(v.country),
        }
      : null,
  };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Whether the file's row would change the stored member (a blank phone or address leaves theirs as it is). */
function changes(input: PlannedMember['input'], e: Existing): boolean {
  const member =
    same(input.user_fname, e.user_fname) &&
    same(input.user_mname, e.user_mname) &&
    same(input.user_lname, e.user_lname) &&
    same(input.user_type, e.user_type) &&
    same(input.user_expiration, e.user_expiration) &&
    same(input.id_location, e.id_location) &&
    same(input.tbl_user_email.email.toLowerCase(), e.email?.toLowerCase());
  const phone = !input.tbl_user_phone || same(input.tbl_user_phone.phone_number, e.phone?.phone_number);
  const a = input.tbl_user_address;
  const address =
    !a ||
    (e.address !== null &&
      (['addr_line_1', 'addr_line_2', 'addr_city', 'addr_state', 'addr_zip', 'addr_country'] as const).every((k) =>
        same(a[k], e.address?.[k]),
      ));
  return !(member && phone && address);
}

/** Rows planned and handed on together: the file is never held as parsed rows or a plan, only as its text. */
export const MEMBERS_CHUNK = 2000;

type CheckedMember = Omit<PlannedMember, 'existing' | 'action'>;
const keyOf = (row: CheckedMember, column: KeyColumn) =>
  column === 'email' ? row.input.tbl_user_email.email.toLowerCase() : row.input.user_camnum;

/** A chunk's valid rows matched by membership number and checked for e-mails held by other members. */
async function planChunk(db: Db | Tx, valid: CheckedMember[], errors: RowErrors): Promise<PlannedMember[]> {
  const existing = await findExisting(
    db,
    valid.map((v) => v.input.user_camnum),
    valid.map((v) => v.input.tbl_user_email.email.toLowerCase()),
  );
  const planned: PlannedMember[] = [];
  for (const row of valid) {
    const found = existing.byCamnum.get(row.input.user_camnum);
    if (found?.erased) {
      errors.add(row.line, 'membership_number', erasedMemberReason(row.input.user_camnum));
      continue;
    }
    const owner = existing.emailOwners.get(row.input.tbl_user_email.email.toLowerCase());
    if (owner && owner.id_user !== found?.id_user) {
      errors.add(row.line, 'email', `duplicate e-mail: it belongs to member ${owner.user_camnum}`);
      continue;
    }
    planned.push({ ...row, existing: found, action: !found ? 'create' : changes(row.input, found) ? 'update' : 'skip' });
  }
  return planned;
}

export interface WalkOptions {
  /** Given each chunk's plan as it is made (the apply writes it); the chunk is dropped afterwards. */
  each?: (planned: PlannedMember[], errors: RowErrors) => Promise<void>;
  onProgress?: OnProgress;
}

/**
 * The file read, checked and planned chunk by chunk. What is kept for the whole file: the counts and the bad rows
 * (capped); each membership number's and e-mail's first line, which finds duplicates inside the file, is kept by the
 * database in the transaction (members-first-lines).
 */
export async function walkMembers(tx: Tx, csv: CsvSource, dry_run: boolean, opts: WalkOptions = {}): Promise<ImportReport> {
  const errors = new RowErrors();
  const fail = (line: number, column: string | null, reason: string) => errors.add(line, column, reason);
  const domains = await locationsByCode(tx, isDomain);
  const firstLines = await FirstLines.open(tx);
  const counts = tally([]);
  let checked: CheckedMember[] = [];
  const flush = async () => {
    const valid = await firstLines.unique(checked, keyOf, errors);
    checked = [];
    const planned = await planChunk(tx, valid, errors);
    tally(planned, counts);
    await opts.each?.(planned, errors);
  };
  let rows = 0;
  const columns = IMPORT_COLUMNS.members;
  const required = ['membership_number', 'first_name', 'last_name', 'email', 'type', 'domain_code'];
  for await (const { line, values, refused } of readCsv(csv, columns, required, errors, opts.onProgress)) {
    rows++;
    if (refused) continue;
    let bad = false;
    const flag = (column: string | null, reason: string) => {
      bad = true;
      fail(line, column, reason);
    };
    const code = (values.domain_code ?? '').trim();
    const homes = domains.get(code.toLowerCase()) ?? [];
    if (!code) flag('domain_code', 'home domain is a required field');
    else if (homes.length === 0) flag('domain_code', `unknown domain code ${code}`);
    else if (homes.length > 1) flag('domain_code', `domain code ${code} names ${homes.length} domains`);
    if (!values.membership_number?.trim()) flag('membership_number', 'membership number is a required field: members are matched by it');
    const parsed = memberCreateSchema.safeParse(memberInput(values, homes[0] ?? 1));
    if (!parsed.success) {
      const flagged = new Set<string | null>();
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const column = COLUMN_OF[path] ?? null;
        // One reason per column: a date like 31/12/2027 fails three checks that say the same thing.
        if (flagged.has(column) || (path === 'user_camnum' && !values.membership_number?.trim())) continue;
        flagged.add(column);
        const typed = column === 'type' && values.type?.trim();
        flag(column, typed ? `unknown membership type ${values.type}: one of ${USER_TYPES.join(', ')}` : issue.message);
      }
    }
    if (parsed.success && !bad) {
      checked.push({ line, input: parsed.data as PlannedMember['input'] });
      if (checked.length >= MEMBERS_CHUNK) await flush();
    }
  }
  if (checked.length) await flush();
  return previewReport('members', dry_run, rows, counts, errors);
}

/**
 * The dry run: the counts and bad rows an apply would meet, nothing written. It runs in a transaction for the
 * temporary table of first lines, rolled back at the end.
 */
export async function planMembers(db: Db | Tx, csv: CsvSource, dry_run: boolean, onProgress?: OnProgress) {
  let report: ImportReport | undefined;
  try {
    await db.transaction(async (tx) => {
      report = await walkMembers(tx, csv, dry_run, { onProgress });
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError) || !report) throw error;
  }
  return { report: report! };
}
