// At 375 px wide (a phone at a game) no page scrolls sideways.
import { expect, test } from '@playwright/test';
import { COORDINATOR, signIn } from './helpers';

test('no page is wider than a 375 px phone', async ({ page }) => {
  await signIn(page, COORDINATOR);
  await page.setViewportSize({ width: 375, height: 740 });
  const pages: [string, (() => Promise<void>)?][] = [
    ['/overview'],
    ['/profile'],
    ['/prestige-and-vip'],
    ['/utilities/domain-list', async () => page.getByRole('button', { name: /Show my domain/ }).click()],
    ['/utilities/password-reset'],
    ['/utilities/membership-lookup'],
    ['/utilities/documentation', async () => page.locator('ul > li > h3 > button').first().click()],
    ['/characters/list'],
    ['/storyteller/vss-manager'],
  ];
  for (const [path, open] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await open?.();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
