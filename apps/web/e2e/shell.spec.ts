// SPEC §2 Shell, routes, section pages and tabs; the 375 px menu.
import { expect, test } from './fixtures';
import { MEMBER, signIn } from './helpers';

const SECTIONS: { path: string; heading: string; tabs: string[] }[] = [
  { path: '/overview', heading: 'OVERVIEW', tabs: [] },
  { path: '/profile', heading: 'PROFILE', tabs: [] },
  { path: '/prestige-and-vip', heading: 'PRESTIGE & VIP', tabs: [] },
  // Membership Lookup is offered to staff only (utilities.spec.ts); this is a plain member.
  { path: '/utilities', heading: 'UTILITIES', tabs: ['Domain List', 'Password Change', 'Standards', 'Documentation'] },
  { path: '/characters', heading: 'CHARACTERS', tabs: ['Characters', 'VSS List'] },
  {
    path: '/storyteller',
    heading: 'STORYTELLER',
    tabs: ['Style-Sheet', 'Vss Manager', 'Character Census', 'Approvals', 'Plots', 'Staff', 'Reports', 'Investigations'],
  },
  { path: '/coordinator', heading: 'COORDINATOR', tabs: [] },
  { path: '/administration', heading: 'ADMINISTRATION', tabs: [] },
];

test.describe('the shell', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, MEMBER);
  });

  test('every section renders its heading and tabs', async ({ page }) => {
    for (const section of SECTIONS) {
      await page.goto(section.path);
      await expect(page.getByRole('heading', { level: 1, name: section.heading, exact: true })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: `${section.heading} tabs` });
      if (section.tabs.length === 0) await expect(tabs).toHaveCount(0);
      else await expect(tabs.locator('a, [aria-disabled]')).toHaveText(section.tabs);
    }
  });

  test('section indexes redirect to their first page and every tab route renders', async ({ page }) => {
    await page.goto('/utilities');
    await expect(page).toHaveURL(/\/utilities\/domain-list$/);
    await page.goto('/characters');
    await expect(page).toHaveURL(/\/characters\/list$/);
    await page.goto('/storyteller');
    await expect(page).toHaveURL(/\/storyteller\/vss-manager$/);
    await page.goto('/utilities/standards');
    await expect(page.getByText('Standards - Comming soon.')).toBeVisible();
    await page.goto('/utilities/password-reset');
    await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
    for (const soon of ['plots', 'staff', 'reports', 'investigations']) {
      await page.goto(`/storyteller/${soon}`);
      await expect(page.getByText('Coming soon...')).toBeVisible();
    }
  });

  test('the navigation highlights the item whose path contains the current path', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Characters' }).click();
    await expect(page).toHaveURL(/\/characters\/list$/);
    await expect(nav.getByRole('link', { name: 'Characters' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    const box = await nav.boundingBox();
    expect(Math.round(box!.width)).toBe(268);
    const header = await page.locator('header').boundingBox();
    expect(Math.round(header!.height)).toBe(60);
  });

  test('tabs follow the path and a disabled tab ignores clicks', async ({ page }) => {
    await page.goto('/storyteller/vss-manager');
    const tabs = page.getByRole('navigation', { name: 'STORYTELLER tabs' });
    await expect(tabs.getByRole('link', { name: 'Vss Manager' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByText('Style-Sheet').click();
    await expect(page).toHaveURL(/\/storyteller\/vss-manager$/);
    await tabs.getByRole('link', { name: 'Approvals' }).click();
    await expect(page).toHaveURL(/\/storyteller\/approvals$/);
    await expect(tabs.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'STORYTELLER tabs' }).getByRole('link', { name: 'Approvals' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('an unknown path shows Not found page', async ({ page }) => {
    await page.goto('/nope');
    await expect(page.getByText('Not found page')).toBeVisible();
  });

  test('at 375 px the navigation is a menu that the header opens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { name: 'PROFILE' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a signed-out visitor sees Not found page on an unknown path', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByText('Not found page')).toBeVisible();
});

test('a page whose chunk cannot be downloaded shows a ChunkLoadError and loads again with Reload', async ({
  page,
  signInAs,
  browserErrors,
}) => {
  // The download refused on purpose (as after a release replaced the chunks): the browser reports it.
  browserErrors.allow(/Failed to load resource|ERR_FAILED/);
  await signInAs(MEMBER, { to: '/utilities/domain-list' });
  const documentationChunk = /\/assets\/documentation-page-[\w-]+\.js$/;
  await page.route(documentationChunk, (route) => route.abort());
  await page.getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('alert')).toContainText('ChunkLoadError: this page could not be loaded');
  await page.unroute(documentationChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('form', { name: 'Search documentation' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
