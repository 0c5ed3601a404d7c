// Every notice a change sends is written by notify() (notifications.service.ts), so how a notice is stored — its
// subject, its reader list without duplicates — is decided in one place. The demo seed writes its own sample
// notices with their dates; nothing else writes the table.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const ALLOWED = ['modules/notifications/notifications.service.ts', 'db/demo-society/demo.ts'];
// A Drizzle insert into the table (`insert(notifications)`, `insert(s.notifications)`) or a hand-written one.
const WRITES_NOTICES = /\binsert\(\s*(?:\w+\.)?notifications\s*\)|\binsert\s+into\s+"?notifications\b/i;

describe('notices', () => {
  it('are written into notifications by notify() alone', async () => {
    const files = (await readdir(src, { recursive: true }))
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'));
    const writers: string[] = [];
    for (const file of files) {
      if (ALLOWED.includes(file)) continue;
      const lines = (await readFile(path.join(src, file), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (WRITES_NOTICES.test(line)) writers.push(`${file}:${i + 1}`);
      });
    }
    expect(files).toContain(ALLOWED[0]);
    expect(writers).toEqual([]);
  });
});
