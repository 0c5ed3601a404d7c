// Two portals for a test file: portal B signs its members in at portal A's embedded provider (OIDC_ISSUER), as a
// society whose sign-in is another portal's. Opened before the file's tests, closed after them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './oidc-flow';
import { createTestApp, type TestApp } from './test-app';

export interface TwoPortals {
  provider: TestApp;
  portal: TestApp;
  providerUrl: string;
  portalUrl: string;
}

export function useTwoPortals(): TwoPortals {
  const opened = {} as TwoPortals;
  beforeAll(async () => {
    const [a, b] = [await freePort(), await freePort()];
    opened.providerUrl = `http://localhost:${a}`;
    opened.portalUrl = `http://localhost:${b}`;
    opened.provider = await createTestApp({
      PUBLIC_URL: opened.providerUrl,
      SSO_EXTRA_REDIRECT_URIS: `${opened.portalUrl}/oauth/callback`,
    });
    await opened.provider.app.listen({ port: a, host: 'localhost' });
    const secrets = JSON.parse(await readFile(path.join(opened.provider.config.dataDir, 'secrets.json'), 'utf8'));
    opened.portal = await createTestApp({
      PUBLIC_URL: opened.portalUrl,
      OIDC_ISSUER: `${opened.providerUrl}/sso`,
      OIDC_CLIENT_ID: 'guildhall-portal',
      OIDC_CLIENT_SECRET: secrets.ssoClientSecret,
    });
    await opened.portal.app.listen({ port: b, host: 'localhost' });
  });
  afterAll(async () => {
    await opened.portal?.close();
    await opened.provider?.close();
  });
  return opened;
}
