// A real SMTP server inside the test process (smtp-server, from the nodemailer project): what arrives is parsed
// with mailparser. It can refuse recipients with a 5xx, and be stopped and started again on the same port.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** The raw header value (List-Unsubscribe, List-Unsubscribe-Post, Message-ID). */
  header(name: string): string | undefined;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Recipients answered with `550 <reason>` at RCPT TO. */
  refuse: Map<string, string>;
  /** Recipients whose message is taken in but never answered (a client killed mid-send), and those that reached that point. */
  hang: Set<string>;
  hung: string[];
  /** Waits until `n` messages have arrived in all (or fails after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSmtp(options: { port?: number; onData?: () => Promise<void> } = {}): Promise<TestSmtp> {
  // Tests take a port below the kernel's ephemeral range (freePort), so no other server takes it while stopped.
  const port = options.port ?? (await (await import('./oidc-flow')).freePort());
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, string>();
  const hang = new Set<string>();
  const hung: string[] = [];
  let server: SMTPServer | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Stopping drops open connections at once (a pooled client keeps one open), as a server going down does.
        closeTimeout: 10,
        onRcptTo(address, _session, callback) {
          const reason = refuse.get(address.address.toLowerCase());
          if (!reason) return callback();
          const error = new Error(reason) as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        },
        onData(stream, session, callback) {
          const held = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).filter((a) => hang.has(a));
          if (held.length) {
            hung.push(...held);
            stream.resume();
            return;
          }
          simpleParser(stream)
            .then(async (mail) => {
              await options.onData?.();
              const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
              received.push({
                to: to?.value[0]?.address ?? '',
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                headers: mail.headers,
                header: (name) => mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, ''),
              });
              callback();
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    hang,
    hung,
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} messages, ${received.length} arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: listen,
  };
}
