// A job each API process runs on a timer (escalation, housekeeping): never two rounds at once in one process, a
// failure logged and the next round tried, the timer stopped when the app closes.
import type { FastifyInstance } from 'fastify';

export function every(app: FastifyInstance, minutes: number, what: string, round: () => Promise<void>) {
  if (minutes <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (error) {
      app.log.warn({ err: error }, `${what} failed`);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), minutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
