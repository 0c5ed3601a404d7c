// SPEC §2 Login and OAuth callback, §4 Authentication, §8's 401 rule — through the real SSO page.
import { expect, test } from './fixtures';
import { ADMIN, COORDINATOR, MEMBER, signIn, STORYTELLER } from './helpers';

test.describe('signing in', () => {
  for (const email of [MEMBER, STORYTELLER, COORDINATOR, ADMIN]) {
    test(`${email} signs in through the SSO page and lands on the overview`, async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: 'OVERVIEW', exact: true })).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expect(token?.split('.')).toHaveLength(3);
    });
  }

  test('the login card has its heading and button, and the SSO page asks for the password', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Login with Portal' }).click();
    await expect(page).toHaveURL(/\/interaction\//);
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
  });

  test('the SSO sign-in page looks like the portal’s Login card', async ({ page }) => {
    const look = () =>
      page.evaluate(() => {
        const card = document.querySelector('main section, main.card')!;
        const box = getComputedStyle(card);
        const backdrop = getComputedStyle(card.closest('main.card') ? document.body : card.parentElement!);
        const button = getComputedStyle(document.querySelector('button')!);
        const logo = card.querySelector('img')!;
        return {
          width: card.getBoundingClientRect().width,
          card: [box.backgroundColor, box.borderRadius, box.boxShadow],
          backdrop: backdrop.backgroundImage,
          button: [button.backgroundColor, button.color, button.borderRadius, button.fontWeight],
          logo: [logo.getAttribute('src'), logo.width],
          heading: getComputedStyle(card.querySelector('h1')!).fontSize,
        };
      });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    const login = await look();
    await page.getByRole('button', { name: 'Login with Portal' }).click();
    await expect(page).toHaveURL(/\/interaction\//);
    expect(await look()).toEqual(login);
  });

  test('a wrong password shows a clear error and keeps the member on the sign-in page', async ({ page, browserErrors }) => {
    // The sign-in page answers the refused form 401, which the browser logs.
    browserErrors.allow(/interaction\/.*status of 401/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Portal' }).click();
    await page.getByLabel('Email').fill(MEMBER);
    await page.getByLabel('Password').fill('not-the-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/interaction\//);
    await expect(page.getByLabel('Email')).toHaveValue(MEMBER);
  });

  test('a deep link survives sign-in: the member comes back to the page asked for', async ({ page }) => {
    await page.goto('/storyteller/approvals');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fstoryteller%2Fapprovals$/);
    await signIn(page, MEMBER, { from: page.url(), expectPath: /\/storyteller\/approvals$/ });
    await expect(page.getByRole('heading', { name: 'STORYTELLER' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
  });

  test('a callback without a valid sign-in shows the failure and returns to /login after 2 seconds', async ({ page }) => {
    await page.goto('/oauth/callback?code=forged&state=forged');
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });

  test('a callback carrying an error says only that the login failed, never the text in the address', async ({ page }) => {
    await page.goto('/oauth/callback?error=access_denied&error_description=Your+account+is+locked%2C+call+555-0100');
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
    await expect(page.getByText(/555-0100/)).toHaveCount(0);
  });

  test('a 401 clears the token and any door list kept offline, shows the toast and goes to /login', async ({ page, browserErrors }) => {
    browserErrors.allow(/status of 401/); // the forged token's refusal, which this test is about
    await signIn(page, MEMBER);
    // The overview's own requests first: one still to go out would carry the forged token, and its 401 (with the
    // toast) would come before the reload below, which then finds no token and shows no toast.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const [header, payload] = (localStorage.getItem('accessToken') ?? '').split('.');
      localStorage.setItem('accessToken', `${header}.${payload}.forged-signature`);
    });
    // A door list the service worker kept (public/sw.js): whoever signs in next on the device must not read it.
    await page.evaluate(() => caches.open('guildhall-games-v1').then((cache) => cache.put('/api/games/1/attendees', new Response('[]'))));
    await page.reload();
    await expect(page.getByText('Your access token is expired. Please try to login.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => caches.has('guildhall-games-v1'))).toBe(false);
  });

  test('logout ends the session: the old token is refused by the API, and no game kept offline stays', async ({ page, request }) => {
    await signIn(page, MEMBER);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    // A door list the service worker kept for the check-in page (public/sw.js): the device's next member must not read it.
    await page.evaluate(() => caches.open('guildhall-games-v1').then((cache) => cache.put('/api/games/1/attendees', new Response('[]'))));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    // The portal's /login shows at once, then the provider's end-session page takes the browser away and back: a
    // read of the page's storage in between can meet the page being replaced, so it is asked again until it answers.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'navigating')).toBeNull();
    await expect.poll(() => page.evaluate(() => caches.has('guildhall-games-v1')).catch(() => 'navigating')).toBe(false);
    const id = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).id;
    const res = await request.get(`/api/user/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofile$/);
  });

  test('logout signs out at the SSO too: it lands on plain /login and the SSO asks for the password again', async ({ page }) => {
    await signIn(page, MEMBER);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    // Through the provider's end-session page and back: no returnTo to the previous member's page.
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'navigating')).toBeNull();
    // Even an authorization request that does not insist on a fresh sign-in (no prompt=login) gets the password page.
    const config = await (await page.request.get('/api/auth/config')).json();
    const authorize = new URL(config.result.authorizationEndpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.result.clientId,
      redirect_uri: new URL('/oauth/callback', page.url()).toString(),
      scope: config.result.scope,
      state: 'e2e-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(authorize.toString());
    await expect(page.getByRole('heading', { name: 'Guildhall sign-in' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeEmpty();
  });

  test('on its way to the provider’s end-session page, the portal shows “Signing out…” and no Login button to cancel it', async ({
    page,
  }) => {
    await signIn(page, MEMBER);
    // The provider answers the first end-session request with 204: the browser stays on the portal's page, as it
    // does while a slow provider loads, and what the portal shows meanwhile can be read.
    let endSession = '';
    await page.route(/\/sso\/session\/end/, async (route) => {
      endSession = route.request().url();
      await route.fulfill({ status: 204 });
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => endSession).toMatch(/\/sso\/session\/end/);
    await expect(page.getByRole('heading', { name: 'Signing out…' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login with Portal' })).toHaveCount(0);
    // Through the provider and back: now the Login card, and the provider asks for the password.
    await page.unroute(/\/sso\/session\/end/);
    await page.goto(endSession);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.getByRole('button', { name: 'Login with Portal' }).click();
    await expect(page.getByRole('heading', { name: 'Guildhall sign-in' })).toBeVisible();
  });

  test('a stored token that is not a JWT is dropped with the session toast', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('accessToken', 'not-a-jwt'));
    await page.goto('/overview');
    await expect(page.getByText('Your access token is expired. Please try to login.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
