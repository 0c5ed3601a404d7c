// The mailer inside each API process: a sender that drains the outbox on an interval and soon after a message is
// written in this process, and the daily work (membership reminders, digests). Started when the app is ready, stopped when it closes.
import type { FastifyInstance } from 'fastify';
import { every } from '../../operations/every';
import { writeDigests } from './mail.digest';
import { forgetDelivered, onEnqueued } from './mail.outbox';
import { remindExpiringMemberships } from './membership-reminders';
import { drainOutbox, type SenderOptions } from './mail.sender';
import { createMailTransport } from './mail.transport';

const NUDGE_DELAY_MS = 50;
const DAILY_CHECK_MINUTES = 10;

export interface Mailer {
  kind: 'smtp' | 'log';
  /** Delivers what is due now (the sender's round); resolves when done. */
  drain(): Promise<number>;
  writeDigests(now?: Date): Promise<number>;
  /** Membership expiry reminders due at `now` (membership-reminders.ts). */
  remindMemberships(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function scheduleMail(app: FastifyInstance) {
  const { config, db } = app.deps;
  const transport = createMailTransport(config.mail, app.log);
  const options: SenderOptions = {
    db,
    transport,
    settings: { societyName: config.mail.societyName, publicUrl: config.publicUrl },
    mail: config.mail,
    production: config.env === 'production',
  };
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;
  // One round at a time in this process; a nudge during a round asks for one more after it.
  const drain = (): Promise<number> => {
    // A nudge's timer may fire after the app closed: the database is gone by then.
    if (closed) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drainOutbox(options, () => closed)
      .catch((error) => {
        app.log.warn({ err: error }, 'e-mail sender round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void drain();
        }
      });
    return running;
  };
  const digests = (now = new Date()) =>
    writeDigests(db, { now, hourUtc: config.mail.digestHourUtc, publicUrl: config.publicUrl }).then((n) => {
      if (n) void drain();
      return n;
    });
  const remindMemberships = (now = new Date()) => remindExpiringMemberships(db, now);
  app.decorate('mailer', { kind: transport.kind, drain, writeDigests: digests, remindMemberships });
  // The daily work, checked every few minutes by every process; each piece happens once (see their files). A round
  // in flight is finished before the app has closed (every.ts), so none goes on working on a closed database.
  every(app, DAILY_CHECK_MINUTES, 'daily e-mail work', async () => {
    await remindMemberships();
    await digests();
    await forgetDelivered(db, new Date());
  });

  const timers: NodeJS.Timeout[] = [];
  let stopNudges = () => {};
  app.addHook('onReady', async () => {
    if (config.mail.sendIntervalMs > 0) timers.push(setInterval(() => void drain(), config.mail.sendIntervalMs));
    for (const t of timers) t.unref();
    stopNudges = onEnqueued(() => {
      if (!closed) setTimeout(() => void drain(), NUDGE_DELAY_MS).unref();
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    stopNudges();
    for (const t of timers) clearInterval(t);
    await running;
    transport.close();
  });
}
