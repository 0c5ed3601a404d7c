// Issue 25: an API process killed (SIGKILL) in the middle of sending a message. The real server (server.ts) runs
// as a child process on the test's PostgreSQL database and claims the message; the SMTP server takes the message
// in and never answers, and the child is killed there. The message stays claimed until its lease expires, then
// this process delivers it: once, since the server never accepted the first attempt (mail.test.ts shows the one
// duplicate: a kill after the server accepted). PostgreSQL only: PGlite serves one process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/index';
import { freePort } from '../../test/oidc-flow';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const onPostgres = process.env.GUILDHALL_TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('an API process killed mid-send', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // This process sends only when told to (no interval), so the child claims the message.
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_SECONDS: '0' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-mail-crash-'));
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: t.url!,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: smtp.url,
        MAIL_SEND_INTERVAL_SECONDS: '0.2',
        MAIL_LEASE_SECONDS: '3',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the child server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
    await smtp?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves the message claimed until the lease expires; then another process delivers it, once', async () => {
    const to = `crash.${Date.now()}@example.test`;
    smtp.hang.add(to);
    // Written straight into the outbox, as another process's transaction would: nothing in this process is nudged.
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({ id_user: null, recipient: to, kind: 'approval', subject: 'Survives a killed process.', body: 'Survives a killed process.' })
      .returning();
    const until = Date.now() + 20_000;
    while (!smtp.hung.includes(to)) {
      if (Date.now() > until) throw new Error('the child never sent the message');
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
    smtp.hang.delete(to);

    const [claimed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    await t.app.mailer.drain();
    expect(smtp.received.filter((m) => m.to === to)).toEqual([]);

    const deadline = Date.now() + 10_000;
    while (smtp.received.filter((m) => m.to === to).length === 0) {
      if (Date.now() > deadline) throw new Error('not delivered after the lease');
      await t.app.mailer.drain();
      await new Promise((r) => setTimeout(r, 200));
    }
    const [settled] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(settled).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
  });
});
