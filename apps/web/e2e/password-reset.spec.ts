// Issue 23 in the browser: a member who forgot their password asks on the sign-in page, the link reaches them by
// e-mail (issue 25), and the member sets a new password through it and signs in with it.
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './axe';
import { ADMIN, apiSession, createMemberWithPassword, linkIn, mailTo, setPasswordAndSignIn } from './helpers';

test('a member asks for a reset on the sign-in page, sets a new password through the link and signs in with it', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, ADMIN);
  const domains = (await (await request.get('/api/domains', { headers: admin.headers })).json()) as {
    result: { rows: { id_location: number; location_type: number }[] };
  };
  const domain = domains.result.rows.find((d) => d.location_type === 4)!;
  const member = await createMemberWithPassword(request, {
    id_location: domain.id_location,
    user_fname: 'Nell',
    user_lname: `Forgetful ${Date.now() % 1e6}`,
  });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Guildhall sign-in' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');

  const mail = await mailTo(member.email, { subject: /Reset your password/ });
  const link = linkIn(mail.text, /https?:\/\/\S+\/set-password\/[A-Za-z0-9_-]+/);
  expect(link).toMatch(/\/set-password\//);

  await setPasswordAndSignIn(page, link, member.email, 'saffron meadow lantern nine');
  await expect(page.getByRole('heading', { level: 1, name: 'OVERVIEW' })).toBeVisible();
  // The old password no longer works.
  expect((await request.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(401);
});

test('the request page and its answer pass axe and are used with the keyboard alone', async ({ page, browserErrors }) => {
  // The empty form is answered 400 with the page again; Chromium logs the status of every refused document.
  browserErrors.allow(/forgot-password: Failed to load resource: the server responded with a status of 400/);
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address.');
  await page.keyboard.type('nobody-known@example.test');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
