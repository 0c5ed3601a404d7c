// Issue 13 in the browser: an administrator creates a member and hands over the one-time set-password link; the
// new member sets a password in a fresh browser, signs in and sees their overview. Without the role, a note.
import { expect, test } from './fixtures';
import { ADMIN, MEMBER } from './helpers';

test('an administrator creates a member; the member sets a password through the link and signs in', async ({ page, browser, signInAs }) => {
  await signInAs(ADMIN, { to: '/administration/members' });
  await expect(page.getByRole('navigation', { name: 'ADMINISTRATION tabs' }).getByRole('link')).toHaveText([
    'Members',
    'Positions',
    'Audit log',
  ]);
  const n = `${Date.now()}`.slice(-7);
  const email = `ilse.${n}@example.test`;
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add member' });
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog.getByText('first name is a required field')).toBeVisible();
  await dialog.getByLabel('First name').fill('Ilse');
  await dialog.getByLabel('Last name').fill(`Brandt ${n}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Membership #').fill(`US2026${n}`);
  await dialog.getByLabel('Membership Type').selectOption('Tabletop');
  await dialog.getByLabel('Membership Expires').fill('2027-09-30');
  await dialog.getByLabel('Home domain').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('The member was created successfully')).toBeVisible();
  const link = await page.getByTestId('set-password-link').inputValue();
  expect(link).toMatch(/\/set-password\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Done' }).click();

  // A fresh browser: nobody is signed in there.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  const password = 'violet lantern harbour seven';
  await fresh.getByLabel('New password', { exact: true }).fill(password);
  await fresh.getByLabel('Repeat the new password').fill(password);
  await fresh.getByRole('button', { name: 'Set password' }).click();
  await expect(fresh.getByRole('heading', { name: 'Password set' })).toBeVisible();
  await fresh.getByRole('link', { name: 'Go to the portal' }).click();
  await fresh.getByRole('button', { name: 'Login with Portal' }).click();
  await fresh.getByLabel('Email').fill(email);
  await fresh.getByLabel('Password').fill(password);
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expect(fresh).toHaveURL(/\/overview$/);
  await expect(fresh.getByRole('heading', { level: 1, name: 'OVERVIEW' })).toBeVisible();
  await expect(fresh.getByText(`US2026${n}`).first()).toBeVisible();
  // The link worked once.
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await context.close();

  // The creation is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption('member.create');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(email);
});

test('a member without the role reads what Administration is for, not an error', async ({ page, signInAs }) => {
  await signInAs(MEMBER, { to: '/administration' });
  await expect(page.getByRole('heading', { level: 1, name: 'ADMINISTRATION' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('administrators');
  await expect(page.getByRole('navigation', { name: 'ADMINISTRATION tabs' })).toHaveCount(0);
});
