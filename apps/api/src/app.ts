// buildApp: the whole Guildhall server as a Fastify instance, without listen() (server.ts listens).
import http from 'node:http';
import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, loadSessionActor } from './auth/actor';
import { authRoutes } from './auth/auth.routes';
import { createEmbeddedProvider, EMBEDDED_CLIENT_ID, mountEmbeddedProvider, SSO_MOUNT } from './auth/embedded-provider';
import { createRelyingParty, type RelyingParty } from './auth/relying-party';
import { countingFailures, createSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import { type Db, RequestScope, requestScope } from './db/index';
import { registerErrorHandler } from './error-handler';
import { overdueWaiting, scheduleEscalation } from './modules/approvals/approvals.escalation';
import { OUTBOX_STATUSES } from '@guildhall/shared/schemas/mail';
import { outboxByStatus } from './modules/mail/mail.outbox';
import { mailRoutes } from './modules/mail/mail.routes';
import { scheduleMail } from './modules/mail/mail.scheduler';
import { administrationRoutes } from './modules/administration/administration.routes';
import { listsRoutes } from './modules/administration/lists.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { coordinatorRoutes } from './modules/coordinator/coordinator.routes';
import { dataExchangeRoutes } from './modules/data-exchange/data-exchange.routes';
import { erasureRoutes } from './modules/data-exchange/erasure.routes';
import { exportsRoutes } from './modules/data-exchange/exports.routes';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { attendanceRoutes } from './modules/games/attendance.routes';
import { calendarRoutes } from './modules/games/calendar.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { charactersRoutes } from './modules/characters/characters.routes';
import { AppError } from './errors';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupRoutes } from './modules/membership-lookup/lookup.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { prestigeRoutes } from './modules/prestige/prestige.routes';
import { usersRoutes } from './modules/users/users.routes';
import { venuesRoutes } from './modules/venues/venues.routes';
import { registerNulGuard } from './nul-guard';
import { securityHeadersOf } from './security-headers';
import { loggerOptions, sendRequestIds } from './operations/logging';
import { type PoolFigures, registerMetrics } from './operations/metrics';
import { scheduleHousekeeping } from './operations/housekeeping';
import { serveWebApp } from './web-index';
import type { Secrets } from './secrets';
import { authErrors } from './auth/auth.errors';

export interface Deps {
  config: Config;
  db: Db;
  tokens: TokenService;
  limits: SignInLimits;
  relyingParty: RelyingParty;
  allowedRedirectUris: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Set on SIGTERM: /api/ready answers 503 so a load balancer stops sending requests before we stop accepting. */
    lifecycle: { draining: boolean };
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token. Every other /api route authenticates (secure by default). */
    public?: boolean;
  }
}

export const BODY_LIMIT = 1024 * 1024;
const IDLE_CLOSE_GRACE_MS = 1000;

async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function endpointNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}`, code: 'not_found' });
}

/**
 * The opened database the server runs on (db/open.ts): its Drizzle client and, on PostgreSQL, the pool (for its
 * metrics) and how to cancel the statements of a request whose client went away.
 */
export interface ServedDatabase {
  db: Db;
  pool?: PoolFigures | undefined;
  cancelRequest?: ((scope: RequestScope) => Promise<void>) | undefined;
}

export async function buildApp(config: Config, database: ServedDatabase, secrets: Secrets): Promise<FastifyInstance> {
  const { db, cancelRequest } = database;
  const trusted = config.trustProxy;
  const app = Fastify({
    ...loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    // A number of proxies: the nearest that many hops are believed (what Fastify does with a number; its types lack it).
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Each request's database work runs in a scope of its own, so a request whose client hangs up stops using the
    // database at once (db/postgres.ts cancels its running statement on PostgreSQL).
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!cancelRequest) return handler(req, res);
        const scope = new RequestScope();
        res.once('close', () => {
          if (!res.writableFinished) void cancelRequest(scope).catch(() => undefined);
        });
        requestScope.run(scope, () => handler(req, res));
      });
      server.keepAliveTimeout = 72_000; // Fastify's own default, longer than load balancers' idle timeouts
      // On close, Node drops at once every connection without a request in progress, including one whose
      // request is still on its way in; give those a moment to arrive (their answers carry Connection: close).
      const closeIdleConnections = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => void setTimeout(closeIdleConnections, IDLE_CLOSE_GRACE_MS).unref();
      return server;
    },
    // While shutting down, a request that reached us on an open connection is still served (with
    // `Connection: close`), not turned away: server.ts bounds the wait.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const embedded = !config.externalOidc;
  const allowedRedirectUris = [`${config.publicUrl}/oauth/callback`];
  const limits = countingFailures(createSignInLimits(db, config.signIn), () => app.metrics.signInFailures.inc());
  const relyingParty = config.externalOidc
    ? createRelyingParty({ ...config.externalOidc, external: true })
    : createRelyingParty({
        issuer: `${config.publicUrl}${SSO_MOUNT}`,
        clientId: EMBEDDED_CLIENT_ID,
        clientSecret: secrets.ssoClientSecret,
        // Registered for Basic only at the embedded provider: never switched to client_secret_post by the secret.
        tokenAuthMethod: 'client_secret_basic',
        external: false,
        reachAt: config.internalUrl,
      });
  const tokens = createTokenService(db, { secret: secrets.tokenSecret, issuer: config.publicUrl, ttlSeconds: config.tokenTtlSeconds });
  app.decorate('deps', { config, db, tokens, limits, relyingParty, allowedRedirectUris });
  app.decorate('lifecycle', { draining: false });
  app.decorateRequest('actor', null as unknown as Actor);
  registerMetrics(app, {
    token: config.metricsToken,
    pool: database.pool,
    escalationQueue: () => overdueWaiting(db, { now: new Date(), escalationDays: config.approvals.escalationDays }),
    outbox: { statuses: OUTBOX_STATUSES, count: () => outboxByStatus(db) },
  });
  const authenticate = async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header) : null;
    if (!match?.[1]) throw authErrors.noToken();
    // One round trip: the session's validity and the member's roles in one prepared statement.
    req.actor = await loadSessionActor(db, await tokens.claims(match[1]));
  };

  const securityHeaders = await securityHeadersOf(config);
  const contentSecurityPolicy = securityHeaders.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
  // Set on the raw response, as helmet does, so the embedded provider's own answers carry them too.
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  sendRequestIds(app);
  registerErrorHandler(app);
  registerNulGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Guildhall API',
        version: '0.1.0',
        description: "The members' portal API. Envelopes: { result } or { result: { rows, count } }; errors { message, code, errors? }.",
      },
      servers: [{ url: `${config.publicUrl}/api` }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Secure by default, in one place: every route authenticates unless it is marked `config: { public: true }`,
      // and the OpenAPI document says so.
      api.addHook('onRoute', (route) => {
        if (route.config?.public) return;
        route.schema = { ...route.schema, security: [{ bearer: [] }] };
      });
      api.addHook('onRequest', async (req, reply) => {
        if (req.routeOptions.config.public || req.is404) return;
        await authenticate(req);
        // A member's answers are theirs: no cache keeps them (a shared device's browser cache included).
        reply.header('cache-control', 'private, no-store');
      });
      api.setNotFoundHandler(endpointNotFound);
      api.get('/docs', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
      // Liveness: the process answers; it does not touch the database, so an outage does not get it restarted.
      api.get('/health', { schema: { hide: true }, config: { public: true } }, async () => ({ result: 'ok' }));
      // Readiness: the database answers, so a load balancer sends members here.
      api.get('/ready', { schema: { hide: true }, config: { public: true } }, async () => {
        if (app.lifecycle.draining) throw new AppError(503, 'shutting_down', 'This server is shutting down.');
        if (!(await databaseAnswers(db, 2000))) {
          throw new AppError(503, 'db.unavailable', 'The database is unavailable right now. Please try again in a moment.', undefined, {
            'retry-after': '5',
          });
        }
        return { result: 'ready' };
      });
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(overviewRoutes);
      await api.register(positionsRoutes);
      await api.register(prestigeRoutes);
      await api.register(notificationsRoutes);
      await api.register(locationsRoutes);
      await api.register(lookupRoutes);
      await api.register(documentationRoutes);
      await api.register(charactersRoutes);
      await api.register(approvalsRoutes);
      await api.register(venuesRoutes);
      await api.register(administrationRoutes);
      await api.register(listsRoutes);
      await api.register(coordinatorRoutes);
      await api.register(transfersRoutes);
      await api.register(gamesRoutes);
      await api.register(attendanceRoutes);
      await api.register(calendarRoutes);
      await api.register(auditRoutes);
      await api.register(mailRoutes);
      await api.register(dataExchangeRoutes);
      await api.register(exportsRoutes);
      await api.register(erasureRoutes);
    },
    { prefix: '/api' },
  );

  scheduleMail(app);
  scheduleEscalation(app, { minutes: config.approvals.escalationCheckMinutes, escalationDays: config.approvals.escalationDays });
  scheduleHousekeeping(app, { minutes: config.housekeepingMinutes });

  if (embedded) {
    const providerOptions = {
      db,
      publicUrl: config.publicUrl,
      secrets,
      limits,
      redirectUris: [...allowedRedirectUris, ...config.ssoExtraRedirectUris],
      trustProxy: config.trustProxy,
      production: config.env === 'production',
    };
    await mountEmbeddedProvider(app, createEmbeddedProvider(providerOptions), providerOptions);
  }

  await serveWebApp(app, config.webDist, contentSecurityPolicy, endpointNotFound);

  return app;
}
