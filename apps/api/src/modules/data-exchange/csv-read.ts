// Issue 26: CSV as spreadsheets write it (UTF-8 with or without BOM, comma or semicolon, quoted fields, Windows
// line ends), read record by record with csv-parse so a large file is never held as parsed rows at once.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { dataExchangeErrors } from './data-exchange.errors';

export interface CsvRow {
  /** The file's line the record starts on (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/** The header's delimiter: a semicolon when the first line has more of them than commas (outside quotes). */
export function sniffDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The text in slices: csv-parse parses a whole chunk before it looks at backpressure, so the file given as one
 * chunk becomes every record at once in the stream's buffer (100,000 members: about 250 MB more at the peak).
 */
const SLICE = 64 * 1024;
function* slices(text: string) {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE, text.length);
    // Never between the two halves of a surrogate pair (an emoji in a name).
    if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end]!)) end++;
    yield text.slice(start, end);
    start = end;
  }
}

const headerName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '_');

/** How many records below the header: line ends outside quotes, not counting blank lines (for progress only). */
export function countRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) quoted = !quoted;
    if (!quoted && (ch === 10 || ch === 13)) {
      if (!blank) records++;
      blank = true;
    } else if (ch !== 0xfeff) blank = false;
  }
  return Math.max(0, records + (blank ? 0 : 1) - 1);
}

/** Rows read so far of about `total`: told when the header has passed, then every PROGRESS_EVERY rows. */
export type OnProgress = (done: number, total: number) => void;
const PROGRESS_EVERY = 1000;

/**
 * The records of `text` keyed by the header's column names (trimmed, lower case, spaces as underscores). A header
 * missing a required column, or a column the kind does not know, is refused before any row is read.
 */
export async function* readCsv(
  text: string,
  known: readonly string[],
  required: readonly string[],
  onProgress?: OnProgress,
): AsyncGenerator<CsvRow> {
  const total = onProgress ? countRecords(text) : 0;
  let done = 0;
  const parser = Readable.from(slices(text)).pipe(
    parse({
      bom: true,
      delimiter: sniffDelimiter(text.slice(text.startsWith('\uFEFF') ? 1 : 0, SLICE)),
      columns: (header: string[]) => checkHeader(header.map(headerName), known, required),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  let previousEnd = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      // info.lines is the line a record ends on; a quoted field may span lines, so it starts after the last one.
      const line = previousEnd + 1;
      previousEnd = info.lines;
      if (onProgress && done % PROGRESS_EVERY === 0) onProgress(done, Math.max(total, done));
      done++;
      yield { line, values: record };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) {
      throw dataExchangeErrors.unreadable(error.message);
    }
    throw error;
  }
}

function checkHeader(header: string[], known: readonly string[], required: readonly string[]) {
  const unknown = header.filter((name) => !known.includes(name));
  if (unknown.length) throw dataExchangeErrors.unknownColumns(unknown, known);
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length) throw dataExchangeErrors.missingColumns(missing);
  return header;
}
