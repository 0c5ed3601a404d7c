// Keyboard and screen-reader basics of the shell and the sign-in pages (axe, WCAG 2 A/AA rules).
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ADMIN, MEMBER } from './helpers';

test('the Login card and the SSO sign-in page pass axe', async ({ page }) => {
  await page.goto('/login');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Login with Portal' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the shell passes axe on a desktop and with the phone menu open', async ({ page, signInAs }) => {
  await signInAs(MEMBER);
  await page.goto('/storyteller/approvals');
  await expect(page.getByRole('heading', { name: 'STORYTELLER' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});

test('the SSO page can be used with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with Portal' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(MEMBER);
  await page.keyboard.press('Tab');
  await page.keyboard.type('guildhall-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/overview$/);
});

// Eight pages audited: one test each for Administration and Coordinator, so neither runs into the 30 s limit on a
// busy 2-core machine (together they once took 33 s).
test('Administration passes axe, with its dialog open', async ({ page, signInAs }) => {
  test.slow(); // 29 s on a slower 2-core machine
  await signInAs(ADMIN, { to: '/administration/members' });
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  for (const path of ['/administration/positions', '/administration/locations', '/administration/audit-log']) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test('Coordinator passes axe', async ({ page, signInAs }) => {
  await signInAs(ADMIN, { to: '/coordinator/members' });
  for (const path of ['/coordinator/members', '/coordinator/transfers', '/coordinator/prestige']) {
    if (!page.url().endsWith(path)) await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});
