// Playwright fixtures: `signInAs(email)` signs a role in once per worker (POST /api/auth/login) and reuses that
// session's token as the page's storage state, so a test about the Overview does not spend its time on the
// SSO page. The SSO sign-in itself is what auth.spec.ts tests, through the real page (helpers.signIn).
// Every test fails on a browser console error or an uncaught page error, in its own page and in any browser
// context it opens (issue 23); a test that provokes a refusal on purpose names it with `browserErrors.allow`.
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

interface Fixtures {
  /**
   * The console and page errors of every browser context of the test, checked to be none at its end; `allow`
   * names one the test provokes on purpose (e.g. the refusal of a used link), matched against its text.
   */
  browserErrors: { allow(pattern: RegExp): void };
  /** Opens `to` (default /overview) signed in as `email`, on `page` or the test's own page. */
  signInAs(email: string, opts?: { to?: string; page?: Page }): Promise<void>;
}

export const test = base.extend<Fixtures, { workerTokens: Map<string, string> }>({
  workerTokens: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  browserErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() === 'error') errors.push(`console error at ${message.page()?.url() ?? '?'}: ${message.text()}`);
        });
        watched.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
      };
      watch(context);
      // Contexts the test opens itself (a second member's browser) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const opened = await newContext.apply(browser, args);
        watch(opened);
        return opened;
      };
      await use({ allow: (pattern) => allowed.push(pattern) });
      browser.newContext = newContext;
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'the browser logged no error').toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ page: ownPage, workerTokens }, use) => {
    await use(async (email, opts = {}) => {
      const page = opts.page ?? ownPage;
      let token = workerTokens.get(email);
      if (!token) {
        const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
        expect(res.ok(), `sign-in of ${email}`).toBe(true);
        token = ((await res.json()) as { result: string }).result;
        workerTokens.set(email, token);
      }
      // The storage state a signed-in member's browser has: the token under SPEC §9's key.
      await page.goto('/api/health');
      await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
      const to = opts.to ?? '/overview';
      await page.goto(to);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.locator('main#content')).toBeVisible();
    });
  },
});

export { expect };
