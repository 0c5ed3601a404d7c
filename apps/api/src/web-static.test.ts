// The built SPA as a browser gets it: precompressed by negotiation, hashed assets immutable, index.html always
// revalidated, a real robots.txt, and a missing asset a 404 rather than the app's HTML.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let dist: string;
const JS = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const HTML = '<!doctype html><html><head><title>Guildhall</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'guildhall-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), HTML);
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(HTML));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync(HTML));
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), JS);
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(JS));
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(JS));
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built SPA', () => {
  it('sends a hashed asset as brotli or gzip by Accept-Encoding, cached for a year and immutable', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await get('/assets/index-Gone99.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('sends index.html for app routes, compressed and never cached stale', async () => {
    for (const url of ['/', '/overview', '/utilities/password-reset', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/<div id="root"><\/div>/);
    }
    const gz = await get('/overview', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Guildhall</title>');
    const plain = await get('/overview');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body).toContain('<div id="root"></div>');
  });

  // Issue 23: a dialog's scroll lock writes a <style> element; the page's CSP allows it by a nonce made for each
  // load of the page (never 'unsafe-inline'), which the page reads from its <meta name="csp-nonce">.
  it('sends index.html with a fresh style nonce that its Content-Security-Policy allows, scripts staying strict', async () => {
    const nonces = [];
    for (const url of ['/overview', '/overview']) {
      const res = await get(url);
      const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{20,})">/.exec(res.body)?.[1];
      expect(nonce, res.body).toBeDefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-inline');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const api = await get('/api/health');
    expect(String(api.headers['content-security-policy'])).toContain("style-src 'self';");
  });

  it('serves a robots.txt that keeps search engines out of the members-only portal', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Disallow: /');
  });

  it('keeps the API answering JSON 404s for unknown endpoints', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
