// JSON logs (Fastify's pino) that an operator can ship anywhere: every line of a request carries its id (also sent
// back as X-Request-Id), and nothing a member would not want copied into a log store: no tokens (query strings,
// set-password and unsubscribe links and calendar addresses are cut), no passwords or e-mail addresses (database
// errors lose their parameters and details), no IP addresses (issue 27).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Paths whose last part is a secret: a set-password link, an unsubscribe link, a calendar feed's address. */
const SECRET_IN_PATH = [/(?<=^\/set-password\/)[^/]+/, /(?<=^\/api\/mail\/unsubscribe\/)[^/]+/, /(?<=^\/api\/calendar\/)[^/]+(?=\.ics$)/];

/** A URL as logged: its path with those secrets hidden, and only the names of its query parameters. */
export function loggedUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const safePath = SECRET_IN_PATH.reduce((path, secret) => path.replace(secret, '~'), pathPart);
  if (query === undefined) return safePath;
  const names = [...new URLSearchParams(query).keys()];
  return `${safePath}?${names.map((n) => `${encodeURIComponent(n)}=~`).join('&')}`;
}

// Drizzle writes the statement's parameters into the error message ("params: …"); PostgreSQL's `detail` repeats
// the conflicting values ("Key (email)=(…) already exists").
const withoutParams = (text: string) => text.replace(/^params: .*$/gm, 'params: ~');

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  stack: string;
  cause?: LoggedError;
};

export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  const e = error as Error & { code?: unknown; constraint?: unknown; table?: unknown };
  return {
    type: e.name,
    message: withoutParams(e.message),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.table === 'string' ? { table: e.table } : {}),
    stack: withoutParams(e.stack ?? ''),
    ...(e.cause !== undefined && depth < 3 ? { cause: loggedError(e.cause, depth + 1) } : {}),
  };
}

interface RequestLike {
  id: string;
  method: string;
  url: string;
}

/** Fastify's logger and request-id options, for the level from LOG_LEVEL (`stream`: tests read the lines). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): Partial<FastifyServerOptions> {
  return {
    logger:
      level === 'silent'
        ? false
        : {
            level,
            ...(stream ? { stream } : {}),
            // A message is often an error's own message, parameters included.
            hooks: {
              logMethod(args, method) {
                method.apply(this, args.map((a) => (typeof a === 'string' ? withoutParams(a) : a)) as typeof args);
              },
            },
            serializers: {
              req: (req: RequestLike) => ({ method: req.method, url: loggedUrl(req.url) }),
              err: (error: Error) => loggedError(error),
              cause: (error: unknown) => loggedError(error),
            },
          },
    // A request's id is unique across every process behind the proxy, not a per-process counter.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  };
}

/** Sends each request's id back, so a member's report of an error can be found in the logs. */
export function sendRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id);
    done();
  });
}
