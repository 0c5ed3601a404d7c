// The security headers of every answer (helmet's, with this portal's Content-Security-Policy), worked out once at
// start-up: app.ts sets them on each response, and web-index.ts adds a style nonce to the policy of each page load.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { Config } from './config';

const BARE_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers for these options, worked out once at start-up. @fastify/helmet builds helmet's middleware
 * (and parses the CSP directives) again on every request; the headers never differ between requests here.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.entries(res.headers)
    .filter(([name]) => !BARE_HEADERS.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/** The headers for this configuration: scripts and styles from this origin only; HSTS and upgrades behind HTTPS. */
export function securityHeadersOf(config: Config): Promise<[string, string][]> {
  const secure = config.publicUrl.startsWith('https://');
  return helmetHeaders({
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
}
