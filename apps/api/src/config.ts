// The environment, parsed once. Everything configurable about a Guildhall process is here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * TRUST_PROXY: whom X-Forwarded-For is believed from. On ('true') is the one proxy in front: the client is the
 * address that proxy saw, whatever a client wrote before it in the header. Else a number of proxies in front, or
 * their addresses and ranges (decision 140).
 */
function trustedProxies(value: string, ctx: z.RefinementCtx): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (['0', 'false', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^[1-9]\d?$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.every((a) => ipaddr.isValid(a) || ipaddr.isValidCIDR(a))) return addresses;
  ctx.addIssue({ code: 'custom', message: 'false, true, a number of proxies (1–99), or their addresses or ranges, comma-separated' });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  INTERNAL_URL: z.url().optional().or(z.literal('')),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .refine((url) => URL.canParse(url), 'not a URL: percent-encode any /, @, :, # or ? in the user name or password')
    .optional(),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_TOKEN_AUTH_METHOD: z.enum(['client_secret_basic', 'client_secret_post', 'none', '']).optional(),
  SSO_EXTRA_REDIRECT_URIS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: z.string().transform(trustedProxies).default(false),
  SIGNIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ACCOUNT_LOCK_FAILURES: z.coerce.number().int().min(1).default(10),
  ACCOUNT_LOCK_MINUTES: z.coerce.number().int().min(1).default(10),
  TOKEN_TTL_HOURS: z.coerce.number().min(0.01).default(12),
  TOKEN_SECRET: z.string().min(32).optional(),
  APPROVAL_ESCALATION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  APPROVAL_ESCALATION_CHECK_MINUTES: z.coerce.number().min(0).max(1440).default(15),
  SOCIETY_NAME: z.string().trim().min(1).max(100).default('Guildhall'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: flag.optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_REPLY_TO: z.string().optional(),
  MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MAIL_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),
  MAIL_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional().or(z.literal('')),
  HOUSEKEEPING_MINUTES: z.coerce.number().min(0).max(1440).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

/** How the portal authenticates at the provider's token endpoint; `none` is a public client (PKCE only). */
export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Where the process reaches its own embedded sign-in provider when PUBLIC_URL does not lead back to it. */
  internalUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections per process, and the longest a statement may run (0 = no limit). */
  database: { poolSize: number; statementTimeoutMs: number };
  /** On SIGTERM: how long to go on accepting while /api/ready says 503, then how long requests in flight may take. */
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  /** An external OpenID provider; when absent the embedded one on /sso is used. */
  externalOidc: { issuer: string; clientId: string; clientSecret: string; tokenAuthMethod: TokenAuthMethod | undefined } | undefined;
  /** More callback addresses the embedded provider accepts for its client (e.g. another portal). */
  ssoExtraRedirectUris: string[];
  seedDemo: boolean;
  /** Fastify's trustProxy: off, a number of proxies in front, or their addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  signIn: { failuresPerMinute: number; accountLockFailures: number; accountLockMinutes: number };
  tokenTtlSeconds: number;
  tokenSecret: string | undefined;
  /** DESIGN §6 clocks: days at one level before an application is overdue and escalated; how often to check (0 = never). */
  approvals: { escalationDays: number; escalationCheckMinutes: number };
  /** E-mail (issue 25): the transport is SMTP when smtp is set, else every message goes to the log. */
  mail: MailConfig;
  /** Bearer token a Prometheus scrape of /metrics must send; no token, no /metrics. */
  metricsToken: string | undefined;
  /** How often each process purges expired sessions, used links and old sign-in failures (0 = never); one runs it. */
  housekeepingMinutes: number;
  logLevel: string;
  webDist: string;
}

export interface MailConfig {
  societyName: string;
  smtp:
    | { url: string }
    | { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined }
    | undefined;
  from: string;
  replyTo: string | undefined;
  /** How often the sender looks at the outbox (0 = only when told); how long a claim lasts before another may retry. */
  sendIntervalMs: number;
  leaseSeconds: number;
  /** The first retry's wait after a temporary failure; each later one waits twice as long (at most an hour). */
  retryBaseMs: number;
  digestHourUtc: number;
  /** Permanent failures in a row that mark an address as bouncing. */
  bounceLimit: number;
}

/** A setting the operator must change: its message names it and is all that is shown (server.ts). */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable is an unset one: compose passes `${OIDC_ISSUER:-}` as '' (deploy/compose.yaml).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const tokenAuthMethod = e.OIDC_TOKEN_AUTH_METHOD || undefined;
  const external = e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET;
  const publicClient = tokenAuthMethod === 'none';
  if (external && !(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && (e.OIDC_CLIENT_SECRET || publicClient))) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together (no secret only with OIDC_TOKEN_AUTH_METHOD=none)',
    );
  }
  if (publicClient && e.OIDC_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration: OIDC_TOKEN_AUTH_METHOD=none is a public client: leave OIDC_CLIENT_SECRET unset');
  }
  if (tokenAuthMethod && !external) {
    throw new ConfigError('Invalid configuration: OIDC_TOKEN_AUTH_METHOD applies to an external provider (set OIDC_ISSUER)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    internalUrl: e.INTERNAL_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    database: { poolSize: e.PG_POOL_SIZE, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    externalOidc: external
      ? {
          issuer: e.OIDC_ISSUER!.replace(/\/+$/, ''),
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET ?? '',
          tokenAuthMethod,
        }
      : undefined,
    ssoExtraRedirectUris: e.SSO_EXTRA_REDIRECT_URIS,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    signIn: {
      failuresPerMinute: e.SIGNIN_FAILURES_PER_MINUTE,
      accountLockFailures: e.ACCOUNT_LOCK_FAILURES,
      accountLockMinutes: e.ACCOUNT_LOCK_MINUTES,
    },
    tokenTtlSeconds: Math.round(e.TOKEN_TTL_HOURS * 3600),
    tokenSecret: e.TOKEN_SECRET,
    approvals: { escalationDays: e.APPROVAL_ESCALATION_DAYS, escalationCheckMinutes: e.APPROVAL_ESCALATION_CHECK_MINUTES },
    mail: {
      societyName: e.SOCIETY_NAME,
      smtp: e.SMTP_URL
        ? { url: e.SMTP_URL }
        : e.SMTP_HOST
          ? {
              host: e.SMTP_HOST,
              port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
              secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
              user: e.SMTP_USER || undefined,
              password: e.SMTP_PASSWORD || undefined,
            }
          : undefined,
      from: e.MAIL_FROM || `${e.SOCIETY_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      replyTo: e.MAIL_REPLY_TO || undefined,
      sendIntervalMs: e.MAIL_SEND_INTERVAL_SECONDS * 1000,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
      retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
      digestHourUtc: e.MAIL_DIGEST_HOUR_UTC,
      bounceLimit: e.MAIL_BOUNCE_LIMIT,
    },
    metricsToken: e.METRICS_TOKEN || undefined,
    housekeepingMinutes: e.HOUSEKEEPING_MINUTES,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
  };
}
