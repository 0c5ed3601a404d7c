// Playwright's global setup (issue 25): a real SMTP server for the portal under test (SMTP_URL in the config's
// webServer env). Each message that arrives is written as JSON into a directory the specs read (they run in
// other processes), so a test follows the link a member received.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_SINK_DIR, MAIL_SINK_PORT } from './mail-sink-address';

export default async function startMailSink() {
  rmSync(MAIL_SINK_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_SINK_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 10,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const file = path.join(MAIL_SINK_DIR, `${Date.now()}-${++n}.json`);
          writeFileSync(file, JSON.stringify({ to: to?.value[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(MAIL_SINK_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
