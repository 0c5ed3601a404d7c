import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'guildhall-demo';
export const MEMBER = 'member@guildhall.test';
export const STORYTELLER = 'storyteller@guildhall.test';
export const COORDINATOR = 'coordinator@guildhall.test';
export const ADMIN = 'admin@guildhall.test';

/** Signs in the way a member does: Login card → SSO sign-in page → back through the callback. */
export async function signIn(page: Page, email: string, opts: { from?: string; expectPath?: RegExp } = {}) {
  await page.goto(opts.from ?? '/login');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Login with Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Guildhall sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(opts.expectPath ?? /\/overview$/);
}
