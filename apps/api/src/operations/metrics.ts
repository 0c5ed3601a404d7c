// Prometheus metrics at GET /metrics, for the society's own monitoring (issue 27). Off unless METRICS_TOKEN is set;
// a scrape must send it as a bearer token, so the figures never reach the public. Each app has a registry of its
// own (tests build many apps in one process); the process-wide figures (memory, event loop) come with it.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a pg pool tells about itself; PGlite has none. */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface AppMetrics {
  registry: Registry;
  signInFailures: Counter;
  databaseTimeouts: Counter;
  escalated: Counter;
  housekeepingPurged: Counter<'what'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  token: string | undefined;
  pool?: PoolFigures | undefined;
  /** Applications overdue and not yet escalated: the escalation queue, counted when scraped. */
  escalationQueue?: () => Promise<number>;
  /** The e-mail outbox: how many messages are in each state, counted when scraped. */
  outbox?: { statuses: readonly string[]; count: () => Promise<Map<string, number>> };
}

/** The route a request matched, as declared (`/api/users/:id`), so one label value stands for many URLs. */
function routeOf(req: FastifyRequest): string {
  const declared = req.routeOptions.url;
  if (declared && !req.is404) return declared;
  // The embedded provider answers under /sso through middleware, outside Fastify's routes.
  if (req.url.startsWith('/sso')) return '/sso';
  return req.method === 'GET' && !req.url.startsWith('/api') ? 'spa' : 'unmatched';
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function registerMetrics(app: FastifyInstance, opts: MetricsOptions) {
  const registry = new Registry();
  const metrics: AppMetrics = {
    registry,
    signInFailures: new Counter({ name: 'guildhall_sign_in_failures_total', help: 'Failed sign-ins', registers: [registry] }),
    databaseTimeouts: new Counter({
      name: 'guildhall_database_timeouts_total',
      help: 'Requests answered 503 because a statement ran past DB_STATEMENT_TIMEOUT_MS (or was cancelled)',
      registers: [registry],
    }),
    escalated: new Counter({
      name: 'guildhall_approvals_escalated_total',
      help: 'Overdue applications escalated by this process',
      registers: [registry],
    }),
    housekeepingPurged: new Counter({
      name: 'guildhall_housekeeping_purged_total',
      help: 'Rows purged by housekeeping in this process',
      labelNames: ['what'],
      registers: [registry],
    }),
  };
  app.decorate('metrics', metrics);
  if (!opts.token) return;
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'guildhall_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'guildhall_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = opts.pool;
  if (pool) {
    new Gauge({
      name: 'guildhall_db_pool_in_use',
      help: 'PostgreSQL connections of this process running a query',
      registers: [registry],
      collect() {
        this.set(pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'guildhall_db_pool_waiting',
      help: 'Queries of this process waiting for a PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  const queue = opts.escalationQueue;
  if (queue) {
    new Gauge({
      name: 'guildhall_approvals_overdue_waiting',
      help: 'Applications overdue at their level and not yet escalated',
      registers: [registry],
      async collect() {
        this.set(await queue());
      },
    });
  }

  const outbox = opts.outbox;
  if (outbox) {
    new Gauge({
      name: 'guildhall_mail_outbox',
      help: 'E-mail messages in the outbox, by status (queued and sending are the queue)',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const counts = await outbox.count();
        for (const status of outbox.statuses) this.set({ status }, counts.get(status) ?? 0);
      },
    });
  }

  app.addHook('onResponse', (req, reply, done) => {
    if (req.url !== '/metrics') {
      const labels = { method: req.method, route: routeOf(req), status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  const token = opts.token;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Send the METRICS_TOKEN as a bearer token.', code: 'auth.unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
