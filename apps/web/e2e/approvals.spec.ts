// Issue 12 in the browser: an application climbs its chain — each approver in their own browser — and the
// player sees the outcome with its history; a denial's comment reaches the player.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { apiCall, createCharacter } from './api-calls';
import { expect, test } from './fixtures';
import { ADMIN, DEMO_PASSWORD, MEMBER, STORYTELLER } from './helpers';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NEWEST_FIRST = '/characters/list?sortBy=id_character&direction=desc';

interface Detail {
  id: number;
  status: string;
  chain: { level: string; id_user: number | null }[];
}

/** The email of a member, as an administrator reads it (approvers other than the demo accounts). */
async function emailOf(page: Page, id_user: number): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { result: string }).result;
  const res = await page.request.get(`/api/user/${id_user}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { tbl_user_email: { email: string } } }).result.tbl_user_email.email;
}

async function ownBrowser(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Opens the application in the detail and approves it, expecting it to move to `next`. */
async function approve(page: Page, appNumber: string, next: string) {
  const detail = page.getByRole('dialog', { name: `Application ${appNumber}` });
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The application was approved').first()).toBeVisible();
  await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveValue(next);
}

test.describe('Approvals', () => {
  test('a player submits, two approvers act in turn in their own browsers, and the player sees Approved with the history', async ({
    page,
    browser,
    signInAs,
  }) => {
    // Three members' browsers in turn: 28 s on a busy 2-core machine, so three times the limit.
    test.slow();
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Isolde');
    const characterId = await createCharacter(page, name);
    await page.goto(NEWEST_FIRST);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('cell').first().click();
    await page.getByRole('button', { name: 'Add Approval' }).click();
    const dialog = page.getByRole('dialog', { name: `Add Approval for ${name}` });
    await dialog.getByLabel('Item description').fill('Out-of-clan Obfuscate');
    await dialog.getByLabel('Category').selectOption('4 Point Rarity');
    await dialog.getByLabel('Required approval').selectOption('High');
    await dialog.getByLabel('Justification').fill('Taught by a Nosferatu mentor.');
    await dialog.getByLabel('Character sheet').fill('Presence 3');
    await dialog.getByLabel('Mechanics').fill('Obfuscate 1 at out-of-clan cost');
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('The application was submitted successfully')).toBeVisible();
    const [submitted] = (await apiCall<{ rows: { id: number; app_number: string }[] }>(page, 'GET', `/approvals/character/${characterId}`))
      .rows;
    const appNumber = submitted!.app_number;

    // The venue's storyteller (also the domain storyteller) finds it awaiting them and approves Low, then Mid.
    const storyteller = await ownBrowser(browser);
    await signInAs(STORYTELLER, { page: storyteller.page, to: '/storyteller/approvals' });
    await expect(storyteller.page.getByRole('combobox', { name: 'Show' })).toHaveValue('');
    const listed = storyteller.page.getByRole('row', { name: new RegExp(appNumber) });
    await expect(listed).toContainText('Pending Low');
    await listed.getByRole('cell').first().click();
    await expect(storyteller.page).toHaveURL(new RegExp(`/storyteller/approvals/${submitted!.id}`));
    const stDetail = storyteller.page.getByRole('dialog', { name: `Application ${appNumber}` });
    await expect(stDetail.locator('[aria-current="step"]')).toContainText('Low');
    await expect(stDetail.getByRole('button', { name: 'Deny' })).toBeVisible();
    await approve(storyteller.page, appNumber, 'Pending Mid');
    await expect(stDetail.locator('[aria-current="step"]')).toContainText('Mid');
    await approve(storyteller.page, appNumber, 'Pending High');
    await expect(stDetail.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // The regional storyteller opens the deep link in their own browser and completes it.
    const chain = await apiCall<Detail>(storyteller.page, 'GET', `/approvals/${submitted!.id}`);
    const high = chain.chain.find((c) => c.level === 'High')!.id_user!;
    const regional = await ownBrowser(browser);
    await signInAs(await emailOf(regional.page, high), { page: regional.page, to: `/storyteller/approvals/${submitted!.id}` });
    await approve(regional.page, appNumber, 'Approved');
    await storyteller.context.close();
    await regional.context.close();

    // The player sees Approved and every step.
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .first()
      .click();
    const item = page.getByRole('complementary', { name: 'Applications' }).getByRole('listitem').filter({ hasText: appNumber }).first();
    await expect(item).toContainText('Approved');
    await item.getByRole('button', { name: 'History' }).click();
    const history = item.getByRole('list', { name: `History of ${appNumber}` });
    await expect(history.getByRole('listitem')).toHaveCount(4);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Pending Low → Pending Mid');
    await expect(history.getByRole('listitem').nth(3)).toContainText('Pending High → Approved');
  });

  test('a denial needs a comment, and the player sees it', async ({ page, browser, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Tomas');
    const characterId = await createCharacter(page, name);
    const { id, app_number } = await apiCall<{ id: number; app_number: string }>(page, 'POST', '/approval/add', {
      character_id: characterId,
      description: 'Fame: local hero',
      category: 'Fame Background',
      justification: 'On the news.',
      character_sheet: 'Fame 1',
      mechanics: 'Fame 1',
      required_approval: 'Low',
    });

    const storyteller = await ownBrowser(browser);
    await signInAs(STORYTELLER, { page: storyteller.page, to: `/storyteller/approvals/${id}` });
    const detail = storyteller.page.getByRole('dialog', { name: `Application ${app_number}` });
    await detail.getByRole('button', { name: 'Deny' }).click();
    await expect(detail.getByText('comment is a required field')).toBeVisible();
    await detail.getByLabel('Comment').fill('Fame needs a scene at a game first.');
    await detail.getByRole('button', { name: 'Deny' }).click();
    await expect(storyteller.page.getByText('The application was denied').first()).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Deny' })).toHaveCount(0);
    await storyteller.context.close();

    await page.goto(NEWEST_FIRST);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .first()
      .click();
    const item = page.getByRole('complementary', { name: 'Applications' }).getByRole('listitem').filter({ hasText: app_number }).first();
    await expect(item).toContainText('Denied');
    await item.getByRole('button', { name: 'History' }).click();
    await expect(item.getByRole('list', { name: `History of ${app_number}` })).toContainText('Fame needs a scene at a game first.');
  });

  test('keeps the filters in the URL across a reload', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/storyteller/approvals' });
    await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
    await expect(page).toHaveURL(/view=all/);
    await page.getByRole('combobox', { name: 'Level' }).selectOption('Mid');
    await expect(page).toHaveURL(/level=Mid/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('Mid');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Mid');
  });

  test('fits a 375 px phone, works by keyboard and passes axe: Escape returns focus to the row', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await signInAs(STORYTELLER, { to: '/storyteller/approvals' });
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('table').getByText('Overdue').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const open = page
      .getByRole('table')
      .getByRole('button', { name: /^Open / })
      .first();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Chain of storytellers' })).toBeVisible();
    const body = dialog.locator(':scope > div').last();
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
