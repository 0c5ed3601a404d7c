// npm run bench -- --outbox (issue 25): 1,000 e-mails queued at once in one transaction, delivered by the API's own
// sender to an SMTP server on 127.0.0.1 (smtp-server, in this process); prints the time until the outbox is drained.
// PGlite in memory by default; --postgres URL uses that (empty or Guildhall) database. --messages N to change the count.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { mailOutbox, openDatabase } from '../../apps/api/src/db/index';
import { enqueue, type NewMail } from '../../apps/api/src/modules/mail/mail.outbox';
import { loadSecrets } from '../../apps/api/src/secrets';
import { startTestSmtp } from '../../apps/api/src/test/smtp';

const anyPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function benchOutbox(opts: { postgres?: string; messages: number }) {
  const smtp = await startTestSmtp({ port: await anyPort() });
  const database = await openDatabase(opts.postgres ? { kind: 'postgres', url: opts.postgres } : { kind: 'pglite-memory' });
  await database.migrate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-bench-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'none'),
    SMTP_URL: smtp.url,
    MAIL_SEND_INTERVAL_SECONDS: '1',
  });
  const app = await buildApp(config, database, await loadSecrets(dataDir, {}));
  await app.ready();
  const run = `bench-${Date.now()}`;
  const messages: NewMail[] = Array.from({ length: opts.messages }, (_, i) => ({
    id_user: null,
    to: `member${i}@${run}.example.test`,
    kind: run,
    subject: `Message ${i + 1} of ${opts.messages}`,
    body: `Application NE-012-${String(i).padStart(4, '0')} for <a character> awaits your approval.`,
    link: '/storyteller/approvals',
  }));
  const started = performance.now();
  await database.db.transaction((tx) => enqueue(tx, messages));
  const queuedMs = performance.now() - started;
  const sentCount = async () =>
    Number(
      (
        await database.db
          .select({ n: count() })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, run), eq(mailOutbox.status, 'sent')))
      )[0]?.n ?? 0,
    );
  await smtp.waitFor(opts.messages, 600_000);
  const receivedMs = performance.now() - started;
  while ((await sentCount()) < opts.messages) await new Promise((r) => setTimeout(r, 20));
  const drainedMs = performance.now() - started;
  console.log(`Outbox on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}, SMTP server on 127.0.0.1 (smtp-server)`);
  console.log(`  ${opts.messages} messages queued in one transaction: ${queuedMs.toFixed(0)} ms`);
  console.log(`  all received by the SMTP server after ${(receivedMs / 1000).toFixed(2)} s`);
  console.log(
    `  outbox drained (every row marked sent) after ${(drainedMs / 1000).toFixed(2)} s: ${(opts.messages / (drainedMs / 1000)).toFixed(0)} messages/s`,
  );
  await app.close();
  await smtp.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
