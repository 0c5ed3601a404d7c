// buildApp: the whole Guildhall server as a Fastify instance, without listen() (server.ts listens).
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, loadActor } from './auth/actor';
import { authRoutes } from './auth/auth.routes';
import { createEmbeddedProvider, EMBEDDED_CLIENT_ID, mountEmbeddedProvider, SSO_MOUNT } from './auth/embedded-provider';
import { createRelyingParty, type RelyingParty } from './auth/relying-party';
import { createSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerErrorHandler } from './error-handler';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { charactersRoutes } from './modules/characters/characters.routes';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupRoutes } from './modules/membership-lookup/lookup.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { prestigeRoutes } from './modules/prestige/prestige.routes';
import { usersRoutes } from './modules/users/users.routes';
import { venuesRoutes } from './modules/venues/venues.routes';
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
  app.decorateRequest('actor', null as unknown as Actor);
  const authenticate = async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header) : null;
    if (!match?.[1]) throw authErrors.noToken();
    req.actor = await loadActor(db, await tokens.verify(match[1]));
  };

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
      api.addHook('onRequest', async (req) => {
        if (req.routeOptions.config.public || req.is404) return;
        await authenticate(req);
      });
      api.setNotFoundHandler(endpointNotFound);
      api.get('/docs', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true }, config: { public: true } }, async () => ({ result: 'ok' }));
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

  // The built SPA. Hashed /assets/* never change: cached for a year, immutable, and a missing one is a 404, not
  // the app's HTML. index.html is revalidated on every load so a new build is picked up at once. Each file goes
  // out as the .br or .gz the build wrote beside it when the browser accepts that encoding.
  const indexHtml = path.join(config.webDist, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.webDist, serve: false, index: false, preCompressed: true });
    const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
    app.get('/assets/*', { schema: { hide: true } }, (req, reply) =>
      reply
        .header('vary', 'accept-encoding')
        .sendFile(`assets/${(req.params as { '*': string })['*']}`, { maxAge: ONE_YEAR_MS, immutable: true }),
    );
    // Every other GET is a file at the top of the build (favicon, robots.txt) or a route of the single-page app.
    app.setNotFoundHandler((req, reply) => {
      const file = req.url.split('?')[0]!.slice(1);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || file.startsWith('assets/')) return endpointNotFound(req, reply);
      reply.header('vary', 'accept-encoding');
      if (file && file !== 'index.html' && !file.includes('/') && path.extname(file) && existsSync(path.join(config.webDist, file)))
        return reply.sendFile(file, { maxAge: 3600 * 1000 });
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  } else {
    app.setNotFoundHandler(endpointNotFound);
  }

  return app;
}
