// NUL (U+0000) cannot be stored in a PostgreSQL text column and no form produces it. A request carrying one
// anywhere in its path, query or JSON body is refused with a 400 naming where, before any route or query sees it;
// the shared schemas refuse it too, so the SPA's forms say the same.
import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const MAX_DEPTH = 32;

/** The dotted path of the first string or key holding a NUL character, or undefined. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  // A body handed on as a stream (an import's text/csv) is the request itself: walking its sockets and servers
  // never ends. Its rows are checked as they are read.
  if (value instanceof Stream) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = findNul(inner, here, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const where = findNul(part);
      if (where !== undefined) {
        const field = where || 'request';
        throw badRequest('validation', `${field} must not contain NUL characters`, [
          { path: where, message: 'must not contain NUL characters' },
        ]);
      }
    }
  });
}
