// A real SMTP server inside the test process (smtp-server, from the nodemailer project): what arrives is parsed
// with mailparser. It can refuse recipients, senders and logins with a 5xx, and be stopped and started again on the same port.
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
  /** Senders answered with `550 <reason>` at MAIL FROM (a sender address the server will not send for). */
  refuseSender: Map<string, string>;
  /** User names answered with `535 <reason>` at AUTH (a wrong or expired password). Any other login is taken. */
  refuseLogin: Map<string, string>;
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
  const refuseSender = new Map<string, string>();
  const refuseLogin = new Map<string, string>();
  const refusal = (reason: string | undefined, responseCode: number) =>
    reason ? Object.assign(new Error(reason), { responseCode }) : null;
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
        onAuth(auth, _session, callback) {
          const refused = refusal(refuseLogin.get(auth.username ?? ''), 535);
          callback(refused, refused ? undefined : { user: auth.username });
        },
        onMailFrom(address, _session, callback) {
          callback(refusal(refuseSender.get(address.address.toLowerCase()), 550));
        },
        onRcptTo(address, _session, callback) {
          callback(refusal(refuse.get(address.address.toLowerCase()), 550));
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
    refuseSender,
    refuseLogin,
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
