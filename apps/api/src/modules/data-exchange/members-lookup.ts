// Issue 26: what an import needs to know of the stored records, read in chunks of keys (never a whole table of
// members, and never more bound values in one statement than PostgreSQL allows).
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';
import { anyOf, locations, userAddresses, userEmails, userPhones, users, type Db, type Tx } from '../../db/index';
import { erasedSql } from './erased-members';

const CHUNK = 1000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `column = any($1::text[])`: the keys bound as one array, where inArray binds and compiles one parameter each. */
export const anyText = (column: AnyColumn | SQL, keys: string[]) => sql`${column} = any(${sql.param(keys)}::text[])`;

/** Locations that pass `keep`, by lower-case code (a code is unique only under one parent, so several may share it). */
export async function locationsByCode(db: Db | Tx, keep: (l: { location_type: number }) => boolean) {
  const all = await db
    .select({ id_location: locations.id_location, location_code: locations.location_code, location_type: locations.location_type })
    .from(locations);
  const byCode = new Map<string, number[]>();
  for (const l of all.filter(keep)) {
    const code = l.location_code.toLowerCase();
    byCode.set(code, [...(byCode.get(code) ?? []), l.id_location]);
  }
  return byCode;
}

export interface Existing {
  id_user: number;
  user_fname: string;
  user_mname: string | null;
  user_lname: string;
  user_type: string;
  user_expiration: string | null;
  id_location: number | null;
  /** Erased (GDPR): the number is kept, the person is not, and no import may write them back. */
  erased: boolean;
  id_email: number | null;
  email: string | null;
  phone: { id_phone: number; phone_number: string } | null;
  address: {
    id_address: number;
    addr_line_1: string | null;
    addr_line_2: string | null;
    addr_city: string | null;
    addr_state: string | null;
    addr_zip: string | null;
    addr_country: string | null;
  } | null;
}

/** Members by membership number (with their first e-mail, phone and address) and who holds each e-mail. */
export async function findExisting(db: Db | Tx, camnums: string[], emails: string[]) {
  const byCamnum = new Map<string, Existing>();
  for (const part of chunks(camnums)) {
    const members = await db
      .select({
        id_user: users.id_user,
        user_camnum: users.user_camnum,
        user_fname: users.user_fname,
        user_mname: users.user_mname,
        user_lname: users.user_lname,
        user_type: users.user_type,
        user_expiration: users.user_expiration,
        id_location: users.id_location,
        erased: erasedSql(users.id_user),
      })
      .from(users)
      .where(anyText(users.user_camnum, part));
    if (!members.length) continue;
    const ids = members.map((m) => m.id_user);
    // One after another: inside a transaction they share one connection anyway.
    const mails = await db.select().from(userEmails).where(anyOf(userEmails.id_user, ids)).orderBy(asc(userEmails.id_email));
    const phones = await db.select().from(userPhones).where(anyOf(userPhones.id_user, ids)).orderBy(asc(userPhones.id_phone));
    const addresses = await db.select().from(userAddresses).where(anyOf(userAddresses.id_user, ids)).orderBy(asc(userAddresses.id_address));
    const first = <T extends { id_user: number }>(rows: T[]) => {
      const map = new Map<number, T>();
      for (const row of rows) if (!map.has(row.id_user)) map.set(row.id_user, row);
      return map;
    };
    const [mail, phone, address] = [first(mails), first(phones), first(addresses)];
    for (const { user_camnum, ...m } of members) {
      const e = mail.get(m.id_user);
      const p = phone.get(m.id_user);
      const a = address.get(m.id_user);
      byCamnum.set(user_camnum, {
        ...m,
        id_email: e?.id_email ?? null,
        email: e?.email ?? null,
        phone: p ? { id_phone: p.id_phone, phone_number: p.phone_number } : null,
        address: a ? (({ id_user: _, ...rest }) => rest)(a) : null,
      });
    }
  }
  const emailOwners = new Map<string, { id_user: number; user_camnum: string }>();
  for (const part of chunks(emails)) {
    const owners = await db
      .select({ email: sql<string>`lower(${userEmails.email})`, id_user: users.id_user, user_camnum: users.user_camnum })
      .from(userEmails)
      .innerJoin(users, sql`${users.id_user} = ${userEmails.id_user}`)
      .where(anyText(sql`lower(${userEmails.email})`, part));
    for (const o of owners) emailOwners.set(o.email, { id_user: o.id_user, user_camnum: o.user_camnum });
  }
  return { byCamnum, emailOwners };
}

/**
 * Members by membership number: their id and whether they are deactivated or erased. A number with a NUL byte names
 * nobody.
 */
export async function membersByCamnum(db: Db | Tx, camnums: string[]) {
  const found = new Map<string, { id_user: number; is_disabled: boolean; erased: boolean }>();
  // No text column can hold a NUL byte: PostgreSQL refuses the whole statement rather than find nothing.
  for (const part of chunks([...new Set(camnums)].filter((camnum) => !camnum.includes('\u0000')))) {
    const rows = await db
      .select({ user_camnum: users.user_camnum, id_user: users.id_user, is_disabled: users.is_disabled, erased: erasedSql(users.id_user) })
      .from(users)
      .where(anyText(users.user_camnum, part));
    for (const { user_camnum, ...m } of rows) found.set(user_camnum, m);
  }
  return found;
}
