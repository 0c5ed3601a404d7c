// Issue 26: the file is handed to the parser in slices (so records are not all parsed at once), and a slice never
// cuts a character in two; the progress total counts records, not lines.
import { describe, expect, it } from 'vitest';
import { countRecords, readCsv } from './csv-read';

const read = async (text: string) => {
  const rows = [];
  for await (const row of readCsv(text, ['a', 'b'], ['a'], { add: () => {} })) rows.push(row);
  return rows;
};

describe('readCsv', () => {
  it('reads a name whose emoji straddles a 64 KB slice boundary whole', async () => {
    const pad = 'x'.repeat(64 * 1024 - 'a,b\n1,'.length - 1);
    const rows = await read(`a,b\n1,${pad}🎭 Mask\n2,after`);
    expect(rows.map((r) => r.values.b)).toEqual([`${pad}🎭 Mask`, 'after']);
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it('counts records, not lines: a quoted field over two lines, blank lines and a BOM', () => {
    expect(countRecords('\uFEFFa,b\r\n1,"two\r\nlines"\r\n\r\n2,x\r\n')).toBe(2);
    expect(countRecords('a,b\n1,x\n2,y')).toBe(2);
    expect(countRecords('a,b\n')).toBe(0);
  });

  it('refuses a row read from a file that is not UTF-8 (its accents come out as U+FFFD), naming line and column', async () => {
    const errors: { line: number; column: string | null; reason: string }[] = [];
    const rows = [];
    const sink = { add: (line: number, column: string | null, reason: string) => void errors.push({ line, column, reason }) };
    for await (const row of readCsv('a,b\n1,Mia\n2,\uFFFDlodie M\uFFFDller\n', ['a', 'b'], ['a'], sink)) rows.push(row);
    expect(rows.map((r) => r.refused ?? false)).toEqual([false, true]);
    expect(errors).toEqual([{ line: 3, column: 'b', reason: expect.stringContaining('CSV UTF-8') }]);
  });
});
