// "Forgot password?" as the sign-in page's form sends it, from a client address of the test's choosing.
import type { TestApp } from './test-app';

export const askForReset = (t: TestApp, email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/forgot-password',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
