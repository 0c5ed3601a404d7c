// Issue 25 in the browser: a member chooses which e-mails they receive on their Profile; an administrator reads
// the outbox with each message's status.
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './axe';
import { ADMIN, MEMBER, mailTo } from './helpers';

test('a member changes a kind of e-mail on their Profile by keyboard, and it stays so; the page passes axe at 375 px', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(MEMBER, { to: '/profile' });
  const section = page.getByRole('region', { name: 'E-mail' });
  const prestige = section.getByLabel('Prestige awarded');
  await expect(prestige).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const next = (await prestige.inputValue()) === 'never' ? 'digest' : 'never';
  await prestige.selectOption(next);
  await section.getByRole('button', { name: 'Save e-mail settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('E-mail settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByLabel('Prestige awarded')).toHaveValue(next);
});

test('an administrator reads the outbox: each e-mail with its status', async ({ page, signInAs, request }) => {
  // A message of the test's own: a password reset link for the demo member (their password stays as it is).
  expect((await request.post('/forgot-password', { form: { email: MEMBER } })).ok()).toBe(true);
  await mailTo(MEMBER, { subject: /Reset your password/ });
  await signInAs(ADMIN, { to: '/administration/outbox' });
  const table = page.getByRole('table', { name: 'Outbox' });
  await expect(table).toBeVisible();
  await page.getByLabel('Status').selectOption('sent');
  await expect(table.getByRole('row').nth(1)).toContainText('sent');
});
