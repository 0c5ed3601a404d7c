// The one place errors become DESIGN §3's `{ message, code, errors? }`. No SQL, stack or internals reach a client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isClientGone, isDatabaseUnavailable } from './db/index';
import { AppError } from './errors';

const PG_CODES: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'db.conflict', message: 'A record with these values already exists.' },
  '23503': { status: 409, code: 'db.reference', message: 'This refers to a record that does not exist or is still in use.' },
  '23502': { status: 400, code: 'db.missing_value', message: 'A required value is missing.' },
  '23514': { status: 400, code: 'db.invalid_value', message: 'A value is not allowed.' },
  '22P02': { status: 400, code: 'db.invalid_value', message: 'A value has the wrong format.' },
  '22001': { status: 400, code: 'db.too_long', message: 'A value is too long.' },
  '22003': { status: 400, code: 'db.out_of_range', message: 'A number is out of range.' },
  '22007': { status: 400, code: 'db.invalid_date', message: 'A date has the wrong format.' },
  '22008': { status: 400, code: 'db.invalid_date', message: 'A date is out of range.' },
  '22021': { status: 400, code: 'db.invalid_text', message: 'A text contains a character that is not allowed.' },
  // statement_timeout, or a cancel because the client went away: the database was too slow, not the request wrong.
  '57014': { status: 503, code: 'db.timeout', message: 'The database took too long to answer. Please try again in a moment.' },
};

function databaseCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && PG_CODES[code]) return code;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) req.log.error({ err: error, cause: error.cause, reqId: req.id }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const path =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? '');
        return { path, message: v.message ?? 'is invalid' };
      });
      const first = errors[0];
      const where = error.validationContext ?? 'request';
      const message = first ? `${first.path || where}: ${first.message}` : `Invalid ${where}`;
      return reply.code(400).send({ message, code: 'validation', errors });
    }
    const pg = databaseCode(error);
    if (pg) {
      const known = PG_CODES[pg]!;
      if (known.status === 503) {
        reply.header('retry-after', '5');
        req.server.metrics?.databaseTimeouts.inc();
      }
      req.log.warn({ err: error }, known.status === 503 ? 'database timeout' : 'database constraint');
      return reply.code(known.status).send({ message: known.message, code: known.code });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: a load balancer retries elsewhere, a client later; /api/ready says when it is back.
      if (isClientGone(error)) req.log.debug({ reqId: req.id }, 'client gone before its database work');
      else req.log.warn({ err: error, reqId: req.id }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The database is unavailable right now. Please try again in a moment.', code: 'db.unavailable' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: 'The request body is too large (1 MiB at most).', code: 'request.too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Send JSON (Content-Type: application/json).', code: 'request.media_type' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: 'The JSON body is empty.', code: 'request.empty_body' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: 'The request body is not valid JSON.', code: 'request.malformed_json' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, __proto__ keys, bad content length): its text names the problem.
      const message = error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
      return reply.code(error.statusCode).send({ message, code: 'request.invalid' });
    }
    req.log.error({ err: error, reqId: req.id }, 'unhandled error');
    return reply.code(500).send({ message: `Something went wrong on our side (request ${req.id}).`, code: 'internal' });
  });
}
