// Issue 26: CSV that a spreadsheet opens as it was meant: a BOM so it reads UTF-8, CRLF line ends, a field quoted
// when it holds a quote, a delimiter or a line end, and text that a spreadsheet would run as a formula (starting
// with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe (OWASP's CSV injection advice). Rows come
// from an async source a batch at a time, so an export never holds its whole table.
import { Readable } from 'node:stream';

/** What a spreadsheet runs as a formula when a cell starts with it: such a cell goes out behind an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

/** One cell: numbers as they are, dates as ISO text, text neutralised and quoted as needed; nothing for null. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell as it was before `csvCell` guarded it: the apostrophe in front of a formula start taken off again. */
export const unguarded = (text: string) => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

/**
 * The file: BOM and header, then each batch's rows as one chunk. The first batch is read before the answer
 * starts, so a failing query is still an error answer (once the first bytes are out it can only be cut short).
 */
export async function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly unknown[])[]>): Promise<Readable> {
  const source = batches[Symbol.asyncIterator]();
  const first = await source.next();
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    if (first.done) return;
    if (first.value.length) yield first.value.map(csvLine).join('');
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (next.value.length) yield next.value.map(csvLine).join('');
    }
  }
  return Readable.from(lines());
}

export const EXPORT_BATCH = 1000;

/**
 * Keyset pages of a query: `page(after)` answers up to EXPORT_BATCH rows past the key `after` (undefined: from
 * the start) in key order; `keyOf` is a row's key. Each page is a short statement, so no connection is held open.
 */
export async function* keysetBatches<R, K>(page: (after: K | undefined) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
