// index.html with a style nonce made for each load of the page (issue 23). A Radix dialog's scroll lock writes a
// <style> element (react-remove-scroll through react-style-singleton); the Content-Security-Policy allows it by
// this nonce, which the page reads from <meta name="csp-nonce"> and hands to get-nonce. Styles stay 'self' plus
// the nonce — never 'unsafe-inline' — and scripts stay 'self'. The page is a kilobyte: compressed per request.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
