// A job each API process runs on a timer (escalation, housekeeping): never two rounds at once in one process, a
// failure logged and the next round tried. When the app closes the timer stops and a round in flight is waited
// for, so no round is left working on a database that is being closed.
import type { FastifyInstance } from 'fastify';

export function every(app: FastifyInstance, minutes: number, what: string, round: () => Promise<void>) {
  if (minutes <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= round()
      .catch((error) => app.log.warn({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, minutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
