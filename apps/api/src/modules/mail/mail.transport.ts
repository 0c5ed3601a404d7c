// Where messages go: an SMTP server through nodemailer, or, with none configured, the log (so the quick start
// needs no mail server; the outbox keeps every message for the administrators' page).
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The same for every attempt at one outbox row, so a receiver can recognise the one possible duplicate. */
  messageId: string;
  /** The log may hold the message (development) or only its id (production). */
  loggable: boolean;
}

/**
 * Why a delivery failed: 'permanent' (the server refused the recipient with a 5xx: fails the message and counts
 * against the address) or 'temporary' (anything else, retried).
 */
export class DeliveryError extends Error {
  constructor(
    readonly permanence: 'permanent' | 'temporary',
    message: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface MailTransport {
  kind: 'smtp' | 'log';
  /** How many messages it sends at once; the sender claims no more, so none waits in a queue while its lease runs. */
  batch: number;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

type Log = { info(obj: object, message: string): void };

/**
 * nodemailer's errors carry the server's reply code and the command it answered ('CONN', 'AUTH PLAIN', 'MAIL FROM',
 * 'RCPT TO', 'DATA'…). Only a 5xx to RCPT TO (also its "all recipients were rejected") refuses the recipient. A 5xx
 * to anything else is the server's or our configuration's (a wrong or expired password, a sender it will not send
 * for, a message it will not take): as with no code (refused, reset, timed out) it is retried, so the messages wait
 * until an administrator mends it, and no member's address is blamed.
 */
function classify(error: unknown): DeliveryError {
  const e = error as { responseCode?: number; response?: string; message?: string; code?: string; command?: string };
  const reason = (e.response ?? e.message ?? String(error)).slice(0, 500);
  const refused = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  const recipientRefused = refused && e.command === 'RCPT TO';
  const prefix = e.responseCode ? (recipientRefused ? undefined : e.command) : e.code;
  return new DeliveryError(recipientRefused ? 'permanent' : 'temporary', prefix ? `${prefix}: ${reason}` : reason);
}

export function createMailTransport(config: MailConfig, log: Log): MailTransport {
  if (!config.smtp) {
    return {
      kind: 'log',
      batch: 50,
      async send(mail) {
        // In production only which outbox message it was: its address and subject (often a member's name) are
        // personal data the log must not hold (operations/logging.ts); the administrators' outbox page shows them.
        log.info(
          mail.loggable ? { to: mail.to, subject: mail.subject, text: mail.text } : { messageId: mail.messageId },
          'e-mail written to the log (no SMTP server configured)',
        );
      },
      close() {},
    };
  }
  const smtp = config.smtp;
  // A few pooled connections, one message on each at a time, and timeouts well inside a claim's lease, so a hung
  // server is a retry, not a duplicate.
  const connections = 5;
  const transporter = nodemailer.createTransport(
    {
      pool: true,
      maxConnections: connections,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...('url' in smtp
        ? { url: smtp.url }
        : {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
          }),
    },
    { from: config.from, ...(config.replyTo ? { replyTo: config.replyTo } : {}) },
  );
  return {
    kind: 'smtp',
    batch: connections,
    async send(mail) {
      try {
        await transporter.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId,
        });
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transporter.close(),
  };
}
