// index.html with a style nonce made for each load of the page (issue 23). A Radix dialog's scroll lock writes a
// <style> element (react-remove-scroll through react-style-singleton); the Content-Security-Policy allows it by
// this nonce, which the page reads from <meta name="csp-nonce"> and hands to get-nonce. Styles stay 'self' plus
// the nonce — never 'unsafe-inline' — and scripts stay 'self'. The page is a kilobyte: compressed per request.
// Here too: the rest of the built SPA (serveWebApp).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The policy with the nonce added to its style-src. */
export function withStyleNonce(csp: string, nonce: string): string {
  return csp.replace(
    /(^|;)\s*style-src ([^;]*)/,
    (_all, start: string, sources: string) => `${start}style-src ${sources} 'nonce-${nonce}'`,
  );
}

/** Sends `file` (the built index.html) with a fresh nonce in its <meta name="csp-nonce"> and in its policy. */
export async function sendIndexHtml(file: string, csp: string, req: FastifyRequest, reply: FastifyReply) {
  const nonce = randomBytes(18).toString('base64');
  const html = (await readFile(file, 'utf8')).replace(/<head>/i, (head) => `${head}\n    <meta name="csp-nonce" content="${nonce}">`);
  // Set on the raw response, where the onRequest hook put the policy without a nonce.
  reply.raw.setHeader('content-security-policy', withStyleNonce(csp, nonce));
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * The built SPA. Hashed /assets/* never change: cached for a year, immutable, and a missing one is a 404, not the
 * app's HTML. index.html is revalidated on every load so a new build is picked up at once, and carries a style nonce
 * of its own (above). Each other file goes out as the .br or .gz the build wrote beside it when the browser accepts
 * that encoding. Without a build (the API alone, in tests) every unknown path is `endpointNotFound`.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string,
  csp: string,
  endpointNotFound: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const indexHtml = path.join(webDist, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webDist, serve: false, index: false, preCompressed: true });
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
      if (file && file !== 'index.html' && !file.includes('/') && path.extname(file) && existsSync(path.join(webDist, file)))
        return reply.sendFile(file, { maxAge: 3600 * 1000 });
      return sendIndexHtml(indexHtml, csp, req, reply);
    });
  } else {
    app.setNotFoundHandler(endpointNotFound);
  }
}
