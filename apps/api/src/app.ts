// buildApp: the whole Guildhall server as a Fastify instance, without listen() (server.ts listens).
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, loadSessionActor } from './auth/actor';
import { authRoutes } from './auth/auth.routes';
import { createEmbeddedProvider, EMBEDDED_CLIENT_ID, mountEmbeddedProvider, SSO_MOUNT } from './auth/embedded-provider';
import { createRelyingParty, type RelyingParty } from './auth/relying-party';
import { createSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import { abandonRequest, type Db, RequestScope, requestScope } from './db/client';
import { registerErrorHandler } from './error-handler';
import { AppError, unauthorized } from './errors';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupRoutes } from './modules/membership-lookup/lookup.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { prestigeRoutes } from './modules/prestige/prestige.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerNulGuard } from './nul-guard';
import type { Secrets } from './secrets';

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
    authenticate: onRequestHookHandler;
    /** Set on SIGTERM: /api/ready answers 503 so a load balancer stops sending requests before we stop accepting. */
    lifecycle: { draining: boolean };
  }
  interface FastifyRequest {
    actor: Actor;
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

export async function buildApp(config: Config, db: Db, secrets: Secrets): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    // Each request's database work runs in a scope of its own, so a request whose client hangs up stops using the
    // database at once (db/client.ts cancels its running statement on PostgreSQL).
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        const scope = new RequestScope();
        res.once('close', () => {
          if (!res.writableFinished) void abandonRequest(db, scope).catch(() => undefined);
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
  const limits = createSignInLimits(db, config.signIn);
  const relyingParty = config.externalOidc
    ? createRelyingParty({ ...config.externalOidc, external: true })
    : createRelyingParty({
        issuer: `${config.publicUrl}${SSO_MOUNT}`,
        clientId: EMBEDDED_CLIENT_ID,
        clientSecret: secrets.ssoClientSecret,
        external: false,
      });
  const tokens = createTokenService(db, { secret: secrets.tokenSecret, issuer: config.publicUrl, ttlSeconds: config.tokenTtlSeconds });
  app.decorate('deps', { config, db, tokens, limits, relyingParty, allowedRedirectUris });
  app.decorate('lifecycle', { draining: false });
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorate('authenticate', async (req) => {
    const header = req.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header) : null;
    if (!match?.[1]) throw unauthorized('auth.no_token', 'Sign in first: this call needs a bearer token.');
    // One round trip: the session's validity and the member's roles in one prepared statement.
    req.actor = await loadSessionActor(db, await tokens.claims(match[1]));
  });

  const secure = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.externalOidc ? [new URL(config.externalOidc.issuer).origin] : [])],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure,
    referrerPolicy: { policy: 'no-referrer' },
  });

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
      api.setNotFoundHandler(endpointNotFound);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      // Liveness: the process answers; it does not touch the database, so an outage does not get it restarted.
      api.get('/health', { schema: { hide: true } }, async () => ({ result: 'ok' }));
      // Readiness: the database answers, so a load balancer sends members here.
      api.get('/ready', { schema: { hide: true } }, async () => {
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
    },
    { prefix: '/api' },
  );

  if (embedded) {
    const providerOptions = {
      db,
      publicUrl: config.publicUrl,
      secrets,
      limits,
      redirectUris: [...allowedRedirectUris, ...config.ssoExtraRedirectUris],
      trustProxy: config.trustProxy,
    };
    await mountEmbeddedProvider(app, createEmbeddedProvider(providerOptions), providerOptions);
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, maxAge: '1h' });
    app.get('/assets/*', { schema: { hide: true } }, (req, reply) =>
      reply.sendFile(req.url.split('?')[0]!.slice(1), { maxAge: 365 * 24 * 3600 * 1000, immutable: true }),
    );
    // Every other GET is a route of the single-page app.
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return endpointNotFound(req, reply);
      const file = req.url.split('?')[0]!.slice(1);
      if (file && !file.includes('..') && existsSync(path.join(config.webDist, file)) && path.extname(file)) return reply.sendFile(file);
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
    });
  } else {
    app.setNotFoundHandler(endpointNotFound);
  }

  return app;
}
