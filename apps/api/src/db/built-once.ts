// A condition built into SQL text once per request and reused by every statement of a list (issue 8). A list's
// where clause goes into its count (built only to know which remembered total it has), its keys and sometimes its
// count again; Drizzle builds it from its parts each time, checking every part's kind against each of its own
// (the Approvals list's visibility and overdue filter: a tenth of the request's CPU per build).
import { Param, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/** A condition built once, and its text and values (to name what it selects without building it again). */
export interface BuiltWhere {
  where: SQL | undefined;
  text: string;
  params: unknown[];
}

/**
 * `condition` as its built text and bound values, in a form Drizzle writes out again at almost no cost (text
 * pieces and values). The same SQL and the same values as the condition itself (without Drizzle's per-value type
 * hints, which only its AWS Data API driver reads); undefined stays undefined.
 */
let unbuilt = 0;
export function builtWhere(db: Db, condition: SQL | undefined): BuiltWhere {
  if (!condition) return { where: undefined, text: '', params: [] };
  const dialect = (db as unknown as { dialect?: PgDialect }).dialect;
  // Not built (no dialect to build with): a text of its own, so that nothing is taken as the same.
  if (!dialect) return { where: condition, text: `unbuilt ${++unbuilt}`, params: [] };
  const { sql: text, params } = dialect.sqlToQuery(condition);
  // Text and placeholders alternate; Drizzle numbers placeholders in order, each once. Anything else (a `$1`
  // written into the text itself) and the condition is left as it was.
  const pieces = text.split(/\$(\d+)/);
  const numbers = pieces.filter((_, i) => i % 2 === 1).map(Number);
  if (numbers.length !== params.length || numbers.some((n, i) => n !== i + 1)) return { where: condition, text, params };
  // One flat SQL of text pieces and values: nested SQL objects (sql.raw, sql.param) each cost Drizzle a walk of
  // their own, nearly as much as the condition's parts did.
  const where = new SQL(pieces.map((piece, i) => (i % 2 === 0 ? new StringChunk(piece) : new Param(params[Number(piece) - 1]))));
  return { where, text, params };
}

/** builtWhere's condition alone. */
export const builtOnce = (db: Db, condition: SQL | undefined): SQL | undefined => builtWhere(db, condition).where;
