// A list page's rows read by their keys (db/list.ts): by a statement planned once, batched with other requests'
// keys for the same statement (db/batch.ts), or through a list's own prepared statement.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { anyOfKeys } from './any-of';
import { batchedByKey } from './batch';
import type { DatabaseLists, RowsLoader } from './list-counts';
import type { Db } from './types';

/**
 * Marks a statement whose plan no bound value can change, so that PostgreSQL prepares it once per connection and
 * plans it once (db/postgres.ts names it) though it binds values. The rows of a page's keys are one: primary-key
 * lookups whatever the keys, and planning their joins cost more than running them (2.4–3.4 ms against 0.35–0.6 ms for
 * the Approvals list's six tables at 100,000 members).
 */
export const PLAN_ONCE_MARK = '/* plan once */';

/** The page's rows, found by their keys (the rows' own where is replaced), in the page's order. */
function rowsOfKeys<Q extends PgSelect>(spec: { rows: Q; tieBreak: AnyColumn }, keys: number[], order: SQL[]): Promise<Awaited<Q>> {
  return spec.rows.where(sql`${sql.raw(PLAN_ONCE_MARK)} ${anyOfKeys(spec.tieBreak, keys)}`).orderBy(...order) as unknown as Promise<
    Awaited<Q>
  >;
}

// Requests of the same list shape (the same rows statement but for its keys) that want their rows meanwhile get
// them from one statement reading all their keys (db/batch.ts): one round trip for a burst of filtered pages instead
// of one each. Each request gets its own copies of its own rows, in the order it asked. The loaders are kept by the
// database's lists (DatabaseLists.rowGroups).
export type Row = Record<string, unknown>;

/** The name under which a list's rows carry their tie-break, if they select it (every keyed list does). */
function keyFieldOf(spec: { rows: PgSelect; tieBreak: AnyColumn }): string | undefined {
  // The select's own fields (getSelectedFields() answers a proxy that throws on a raw SQL field without an alias).
  const fields = (spec.rows as unknown as { config?: { fields?: Record<string, unknown> } }).config?.fields ?? {};
  return Object.keys(fields).find((name) => fields[name] === spec.tieBreak);
}

/** A page's rows by its keys (in the page's order): by the list's prepared statement if it has one. */
export async function rowsOfPage<Q extends PgSelect>(
  spec: { rows: Q; tieBreak: AnyColumn; rowByKey?: (key: number) => Promise<Awaited<Q>[number] | undefined> },
  keys: number[],
  order: SQL[],
  lists: DatabaseLists,
): Promise<Awaited<Q>> {
  const { rowByKey } = spec;
  if (!rowByKey) return batchedRowsOfKeys(spec, keys, order, lists);
  const found = await Promise.all(keys.map((key) => rowByKey(key)));
  return found.filter((row) => row !== undefined).map((row) => ({ ...(row as Row) })) as unknown as Awaited<Q>;
}

/**
 * A list's rows by key through one statement per database, prepared once (named `name`) and read for every key
 * asked meanwhile (db/batch.ts): `select(db, keys)` is the list's rows select with `where(keys)`. Nothing is built
 * per request, where `rows` read by keys was built twice (once to know which requests may share the statement):
 * a fifth of a filtered page's CPU for the Approvals list. Give `(key) => read(db, key)` as ListSpec.rowByKey.
 */
export function preparedRowsByKey<R extends Record<string, unknown>>(
  name: string,
  key: { column: AnyColumn; field: keyof R & string },
  select: (db: Db, keys: SQL) => { prepare(name: string): { execute(values: { keys: number[] }): Promise<R[]> } },
): (db: Db, key: number) => Promise<R | undefined> {
  const statements = new WeakMap<Db, { execute(values: { keys: number[] }): Promise<R[]> }>();
  return batchedByKey(async (db: Db, keys: number[]) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = select(db, sql`${sql.raw(PLAN_ONCE_MARK)} ${anyOfKeys(key.column, sql.placeholder('keys'))}`).prepare(name);
      statements.set(db, statement);
    }
    const rows = await statement.execute({ keys });
    return new Map(rows.map((row) => [Number(row[key.field]), row]));
  });
}

/** rowsOfKeys, read together with other requests' keys for the same statement. `keys` must be in the page's order. */
async function batchedRowsOfKeys<Q extends PgSelect>(
  spec: { rows: Q; tieBreak: AnyColumn },
  keys: number[],
  order: SQL[],
  lists: DatabaseLists,
): Promise<Awaited<Q>> {
  const field = keyFieldOf(spec);
  const statement = rowsOfKeys(spec, keys, order) as unknown as { toSQL(): { sql: string; params: unknown[] } };
  if (!field) return statement as unknown as Promise<Awaited<Q>>;
  // The statement's text and every value it binds but the keys: requests alike in both read alike rows.
  const { sql: text, params } = statement.toSQL();
  const keysParam = JSON.stringify(keys);
  const group = `${text}\u0000${JSON.stringify(params.filter((p) => !(Array.isArray(p) && JSON.stringify(p) === keysParam)))}`;
  let load: RowsLoader | undefined = lists.rowGroups.get(group);
  if (!load) {
    load = batchedByKey(async (_lists: DatabaseLists, all: number[]) => {
      const rows = (await Promise.resolve(rowsOfKeys(spec, all, order))) as unknown as Row[];
      return new Map(rows.map((row) => [Number(row[field]), row]));
    });
    lists.rowGroups.set(group, load);
  }
  const found = await Promise.all(keys.map((key) => load(lists, key)));
  return found.filter((row): row is Row => row !== undefined).map((row) => ({ ...row })) as unknown as Awaited<Q>;
}
