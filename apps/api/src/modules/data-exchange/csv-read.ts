// Issue 26: CSV as spreadsheets write it (UTF-8 with or without BOM, comma or semicolon, quoted fields, Windows
// line ends), read record by record with csv-parse as the request body arrives, so a large file is never held whole:
// not as text, nor as parsed rows.
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { unguarded } from './csv-write';
import { dataExchangeErrors } from './data-exchange.errors';

export interface CsvRow {
  /** The file's line the record starts on (the header is line 1). */
  line: number;
  values: Record<string, string>;
  /** More fields than the header: listed as a bad row, and not to be checked further (its values are cut short). */
  refused?: true;
}

/** Where the reader lists a bad row (RowErrors). */
export interface RowErrorSink {
  add(line: number, column: string | null, reason: string): void;
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

/** A file as it arrives (a request body), with its size in bytes when the sender said it (Content-Length). */
export interface CsvBody {
  chunks: AsyncIterable<Buffer>;
  bytes: number | undefined;
}
/** The whole text (tests, small files), or the body as it arrives. */
export type CsvSource = string | CsvBody;

/** The body's first bytes up to its first line end (the header), and then every chunk, those first bytes included. */
async function headerFirst(chunks: AsyncIterable<Buffer>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(10) || next.value.includes(13) || size >= SLICE) break;
  }
  const first = Buffer.concat(head);
  async function* all() {
    if (first.length) yield first;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const text = first.toString('utf8', 0, SLICE);
  const lineEnd = first.findIndex((byte) => byte === 10 || byte === 13);
  return { chunks: all(), text, headerBytes: lineEnd < 0 ? first.length : lineEnd + 1 };
}

/**
 * Records read of about how many: counted up front in a text; in a body, estimated from the bytes the records so
 * far took of those after the header (Content-Length), so the body is never read twice.
 */
async function openSource(csv: CsvSource) {
  if (typeof csv === 'string') {
    const total = countRecords(csv);
    return { chunks: Readable.from(slices(csv)), text: csv.slice(0, SLICE), estimate: () => total };
  }
  const { chunks, text, headerBytes } = await headerFirst(csv.chunks);
  const after = (csv.bytes ?? 0) - headerBytes;
  const estimate = (done: number, bytesRead: number) =>
    after > 0 ? Math.round((done * after) / Math.max(1, bytesRead - headerBytes)) : done;
  return { chunks: Readable.from(chunks), text, estimate };
}

/**
 * The records of `csv` keyed by the header's column names (trimmed, lower case, spaces as underscores). A header
 * missing a required column, naming one twice, or a column the kind does not know, is refused before any row is read. A row may leave
 * out trailing columns; one with more fields than the header (a delimiter left unquoted in a text) is listed in
 * `errors` and yielded `refused`, so it is counted but not checked.
 */
export async function* readCsv(
  csv: CsvSource,
  known: readonly string[],
  required: readonly string[],
  errors: RowErrorSink,
  onProgress?: OnProgress,
): AsyncGenerator<CsvRow> {
  const { chunks, text, estimate } = await openSource(csv);
  let done = 0;
  const delimiter = sniffDelimiter(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const parser = parse({
    bom: true,
    delimiter,
    columns: (header: string[]) => checkHeader(header.map(headerName), known, required),
    skip_empty_lines: true,
    // Both kept, so a row too long is one bad row rather than the whole file unreadable: info.error tells it.
    relax_column_count_less: true,
    relax_column_count_more: true,
    info: true,
  });
  // pipeline, not pipe: a body that fails midway (too large, the client gone) fails the parser too.
  pipeline(chunks, parser, () => {});
  let previousEnd = 1;
  let previousBlank = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number; bytes: number; empty_lines: number; columns: unknown[]; error?: { record?: unknown[] } };
    }>) {
      // info.lines is the line a record ends on; a quoted field may span lines, so it starts after the last one and
      // the blank lines skipped since (csv-parse counts them in info.empty_lines).
      const line = previousEnd + 1 + info.empty_lines - previousBlank;
      previousEnd = info.lines;
      previousBlank = info.empty_lines;
      if (onProgress && done % PROGRESS_EVERY === 0) onProgress(done, Math.max(estimate(done + 1, info.bytes), done));
      done++;
      const fields = info.error?.record?.length ?? 0;
      if (fields > info.columns.length) {
        const reason = `the row has ${fields} fields and the header ${info.columns.length}: a text holding ${delimiter} must be in double quotes`;
        errors.add(line, null, reason);
        yield { line, values: record, refused: true };
        continue;
      }
      // A file saved in another encoding than UTF-8 (Excel's plain "CSV" on Windows) reads its accents as U+FFFD.
      const garbled = Object.entries(record).find(([, value]) => value.includes('\uFFFD'));
      if (garbled) {
        errors.add(line, garbled[0], 'holds a character that is not UTF-8 text: save the file as "CSV UTF-8" and send it again');
        yield { line, values: record, refused: true };
        continue;
      }
      // A cell the export guarded against formulas comes back as it was stored, so an exported file goes back in.
      yield { line, values: Object.fromEntries(Object.entries(record).map(([name, value]) => [name, unguarded(value)])) };
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
  const repeated = [...new Set(header.filter((name, i) => header.indexOf(name) !== i))];
  if (repeated.length) throw dataExchangeErrors.repeatedColumns(repeated);
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length) throw dataExchangeErrors.missingColumns(missing);
  return header;
}
