// Issue 26: an import answered as NDJSON when the page asks for it (Accept: application/x-ndjson): a line
// `{ progress: { done, total, seconds_left } }` as rows are read, then `{ result }` (or `{ error }`). It is the one
// request that does the work, so it needs no job table and no sticky proxy with two API processes (decision 112).
import { PassThrough } from 'node:stream';
import type { ImportProgress, ImportReport } from '@guildhall/shared/schemas/data-exchange';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { OnProgress } from './csv-read';

export const NDJSON = 'application/x-ndjson';

export const wantsProgress = (req: FastifyRequest) => (req.headers.accept ?? '').includes(NDJSON);

/** Rows left at the rate so far; null until a first stretch of rows has been timed. */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done === 0 || elapsedMs < 200) return null;
  return Math.max(0, Math.ceil(((total - done) * elapsedMs) / done / 1000));
}

/** The error as the central handler would answer it, without internals once the answer has begun. */
function errorLine(error: unknown, req: FastifyRequest, log: FastifyBaseLogger) {
  if (error instanceof AppError && error.statusCode < 500) {
    return { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
  }
  log.error({ err: error, reqId: req.id }, 'import failed after its progress began');
  return { message: `Something went wrong on our side (request ${req.id}).`, code: 'internal' };
}

/**
 * Runs the import and answers its progress then its result. The answer starts only once the header has passed
 * (the first progress), so a file refused at once (unknown columns, unreadable) is still a plain 400.
 */
export async function answerWithProgress(req: FastifyRequest, reply: FastifyReply, run: (onProgress: OnProgress) => Promise<ImportReport>) {
  const lines = new PassThrough();
  const write = (value: object) => lines.write(`${JSON.stringify(value)}\n`);
  const started = performance.now();
  let begin = () => {};
  const begun = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const work = run((done, total) => {
    begin();
    const progress: ImportProgress = { done, total, seconds_left: secondsLeft(done, total, performance.now() - started) };
    write({ progress });
  });
  await Promise.race([begun, work]);
  work.then(
    (result) => lines.end(`${JSON.stringify({ result })}\n`),
    (error) => lines.end(`${JSON.stringify({ error: errorLine(error, req, req.log) })}\n`),
  );
  return reply.type(`${NDJSON}; charset=utf-8`).header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(lines);
}
