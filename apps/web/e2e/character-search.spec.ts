// Issue 10 in the browser: Character search against the real API and the seeded society, the characters' pages at
// a 375 px phone width, and the VSS status in words. My characters and the detail modal: characters.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COORDINATOR, MEMBER, STORYTELLER } from './helpers';

test.describe('Character search', () => {
  const found = async (page: Page) => {
    const caption = page.getByRole('table').locator('caption');
    await expect(caption).toHaveText(/Characters found: \d+/);
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    return Number((await caption.textContent())!.replace(/\D/g, ''));
  };
  const choose = async (page: Page, label: string, index = 1) => {
    const select = page.getByLabel(label, { exact: true });
    await expect(select.locator('option')).not.toHaveCount(1);
    const value = await select.locator('option').nth(index).getAttribute('value');
    const text = (await select.locator('option').nth(index).textContent())!;
    await select.selectOption(value!);
    // The select follows the URL: once it shows the choice, the list has re-rendered for it.
    await expect(select).toHaveValue(value!);
    return text;
  };
  const clearFilters = async (page: Page) => {
    await page.getByRole('button', { name: /Clear filters/ }).click();
    // The button is there only while a filter is set: once it is gone, the list has re-rendered without them.
    await expect(page.getByRole('button', { name: /Clear filters/ })).toBeHidden();
  };

  test('each filter narrows the results, and the filters stay in the URL', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/characters/vss-list' });
    const all = await found(page);
    expect(all).toBeGreaterThan(10);

    const type = await choose(page, 'Character type');
    await expect(page).toHaveURL(/typeId=\d+/);
    const ofType = await found(page);
    expect(ofType).toBeLessThan(all);
    await expect(page.locator('td[data-label="Type"]').first()).toHaveText(type);
    await page.reload();
    await expect(page.getByLabel('Character type', { exact: true })).toHaveValue(/\d+/);
    const subtype = await choose(page, 'Subtype');
    expect(await found(page)).toBeLessThanOrEqual(ofType);
    for (const cell of await page.locator('td[data-label="Subtype"]').all()) await expect(cell).toHaveText(subtype);
    await clearFilters(page);
    expect(await found(page)).toBe(all);

    await choose(page, 'Venue type');
    expect(await found(page)).toBeLessThan(all);
    await clearFilters(page);

    await expect(page.getByLabel('Domain', { exact: true })).toBeDisabled();
    // Some region with characters, then one of its domains.
    const regions = page.getByLabel('Region', { exact: true }).locator('option');
    let inRegion = 0;
    for (let i = 1; i < (await regions.count()) && inRegion === 0; i++) {
      await choose(page, 'Region', i);
      inRegion = await found(page);
    }
    expect(inRegion).toBeGreaterThan(0);
    expect(inRegion).toBeLessThan(all);
    await choose(page, 'Domain');
    await expect(page).toHaveURL(/domain=\d+/);
    expect(await found(page)).toBeLessThanOrEqual(inRegion);
  });

  test('is there for a coordinator too, sorted by the API', async ({ page, signInAs }) => {
    await signInAs(COORDINATOR, { to: '/characters/vss-list' });
    await found(page);
    await page.getByRole('button', { name: '# of Approvals' }).click();
    await expect(page).toHaveURL(/sortBy=app_count&direction=asc/);
    await page.getByRole('button', { name: '# of Approvals' }).click();
    await expect(page).toHaveURL(/sortBy=app_count&direction=desc/);
    await expect(page.getByRole('columnheader', { name: /# of Approvals/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    const counts = (await page.locator('td[data-label="# of Approvals"]').allTextContents()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
  });

  test('a player without a position is told it is for staff and storytellers', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/vss-list' });
    await expect(page.getByRole('alert')).toHaveText('Character search is for staff and storytellers.');
  });
});

test('fits a 375 px phone: the list, the detail and the search never scroll sideways', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await signInAs(MEMBER, { to: '/characters/list' });
  await expect(page.getByRole('table', { name: 'My characters' }).getByRole('row')).not.toHaveCount(1);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page
    .getByRole('button', { name: /^Detail of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Experience Log' })).toBeVisible();
  // The modal's scrolling body (tables scroll inside their own wrapper).
  const body = dialog.locator(':scope > div').last();
  expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await signInAs(STORYTELLER, { to: '/characters/vss-list' });
  await expect(page.getByRole('table').locator('caption')).toHaveText(/Characters found/);
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test.describe('VSS status in words (issue 23)', () => {
  test('a character without a venue says it has no style sheet, not Pending', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list?sortBy=vss_status&direction=asc' });
    const row = page.getByRole('row', { name: /Evangeline Marsh/ });
    await expect(row.getByRole('cell').nth(2)).toHaveText('No style sheet');
  });

  test('a storyteller reads SPEC’s Unknown as not signed in the search', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/characters/vss-list?sortBy=vss_status&direction=desc' });
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('td[data-label="On Style Sheet"]').first()).toHaveText('Unknown (not signed)');
    await expect(page.getByText(/^Unknown$/)).toHaveCount(0);
  });
});
