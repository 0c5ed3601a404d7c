// Issue 3 in the browser: Overview, Profile and Prestige & VIP against the real API and database.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COORDINATOR, MEMBER, STORYTELLER } from './helpers';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: T }).result;
}
const selfId = (page: Page) =>
  page.evaluate(
    () => JSON.parse(atob(localStorage.getItem('accessToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).id as number,
  );

test.describe('overview', () => {
  test('shows a member’s live figures and the Membership Overview card, without the VST panel', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    const id = await selfId(page);
    const overview = await api<{ membership: { user_camnum: string }; tiles: Record<string, number> }>(page, `/user/${id}/overview`);
    const totals = await api<Record<string, number>>(page, `/prestiges/user/${id}/aggregates`);
    const panel = page.getByRole('region', { name: `Membership # ${overview.membership.user_camnum}` });
    await expect(panel).toBeVisible();
    for (const [label, key] of [
      ['MC', 'mc'],
      ['Active Characters', 'activeCharacters'],
      ['OpenApprovals', 'openApprovals'],
      ['Notification', 'notifications'],
    ] as const) {
      await expect(
        panel
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd'),
      ).toHaveText(String(overview.tiles[key]));
    }
    const card = page.getByRole('region', { name: 'Membership Overview' });
    await expect(card).toContainText('Morgan Ada Hale');
    await expect(card).toContainText(overview.membership.user_camnum);
    await expect(card.getByLabel('Prestige')).toContainText(`VIP${totals.total_vip}`);
    await expect(card).toContainText('Domain Coordinator');
    await expect(page.getByRole('region', { name: 'VST' })).toHaveCount(0);
  });

  test('shows a storyteller the VST panel with their position code', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER);
    const id = await selfId(page);
    const overview = await api<{ vst: { positionCode: string; pcsPending: number } }>(page, `/user/${id}/overview`);
    const vst = page.getByRole('region', { name: 'VST' });
    await expect(vst).toContainText(overview.vst.positionCode);
    await expect(vst.getByRole('term').filter({ hasText: "PC's Pending" }).locator('xpath=following-sibling::dd')).toHaveText(
      String(overview.vst.pcsPending),
    );
  });
});

test.describe('profile', () => {
  test('edits the profile in the popup: required messages, a toast, and a saved value that survives a reload', async ({
    page,
    signInAs,
  }) => {
    await signInAs(MEMBER);
    await page.goto('/profile');
    const edit = page.getByRole('button', { name: 'Edit' });
    await edit.click();
    const popup = page.getByRole('dialog', { name: 'Edit profile' });
    await expect(popup).toBeVisible();
    expect(Math.round((await popup.boundingBox())!.width)).toBe(330);
    // The State box's place beside City's, and its height (the popup itself may move as it grows).
    const stateBox = async () => {
      const [city, state] = [(await popup.getByLabel('City').boundingBox())!, (await popup.getByLabel('State').boundingBox())!];
      return [state.y - city.y, state.height];
    };
    const stateBefore = await stateBox();
    await popup.getByLabel('City').fill('');
    await popup.getByLabel('Email').fill('not-an-email');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(popup.getByText('city is a required field')).toBeVisible();
    await expect(popup.getByText('must be a valid email')).toBeVisible();
    // City's message under it leaves the State box beside it as it was.
    expect(await stateBox()).toEqual(stateBefore);
    await popup.getByLabel('Email').fill('member@guildhall.test');
    await popup.getByLabel('City').fill('Lantern Bay');
    await popup.getByLabel('Pronouns').fill('she/they');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(popup).toBeHidden();
    await page.reload();
    const card = page.getByRole('region', { name: 'Membership information' });
    await expect(card).toContainText('she/they');
    await expect(card).toContainText('Lantern Bay');
  });

  test('the popup closes with Escape and gives focus back to the edit toggle', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    await page.goto('/profile');
    const edit = page.getByRole('button', { name: 'Edit' });
    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeHidden();
    await expect(edit).toBeFocused();
  });
});

test.describe('prestige and VIP', () => {
  test('a plain member sees their record sorted newest first, can toggle a sort, and has no form or delete', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    await page.goto('/prestige-and-vip');
    const table = page.getByRole('table', { name: 'Prestige record' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await expect(table.getByRole('columnheader', { name: 'Date', exact: true })).toHaveAttribute('aria-sort', 'descending');
    const g = table.getByRole('columnheader', { name: 'G', exact: true });
    await g.getByRole('button').click();
    await expect(g).toHaveAttribute('aria-sort', 'ascending');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const ascending = (await table.locator('tbody td[data-label="G"]').allTextContents()).map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await g.getByRole('button').click();
    await expect(g).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('form', { name: 'Recommend prestige' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Still needed for MC \d+$/ })).toBeVisible();
  });

  test('a coordinator’s award reaches the member’s record, totals and notifications', async ({ page, browser, signInAs }) => {
    const justification = `Ran the e2e games night ${Date.now()}`;
    await signInAs(COORDINATOR);
    await page.goto('/prestige-and-vip');
    const form = page.getByRole('form', { name: 'Recommend prestige' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('general is a required field')).toBeVisible();
    await expect(form.getByText('justification is a required field')).toBeVisible();
    await expect(form.getByLabel('Category').locator('option:checked')).toHaveText('Choose a category');
    await expect(form.getByText('category is a required field')).toBeVisible();
    // Staff other than administrators award only other members: no 'Myself' (issue 23), the search at once.
    await expect(form.getByText('member is a required field')).toBeVisible();
    await expect(form.getByRole('radio', { name: 'Myself' })).toHaveCount(0);
    // By keyboard: choosing a member leaves focus on the choice's Change button, and Change returns it to the search.
    await form.getByLabel('Search by name or membership number').fill('Morgan');
    await expect(form.getByRole('button', { name: /Morgan Hale/ })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: /Morgan Hale/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Change' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Search by name or membership number')).toBeFocused();
    await expect(form.getByRole('button', { name: /Morgan Hale/ })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(form.getByRole('button', { name: 'Change' })).toBeFocused();
    await expect(page.locator('body')).not.toBeFocused();
    await form.getByLabel('General').fill('9');
    await form.getByLabel('Regional').fill('4');
    await form.getByLabel('National').fill('2');
    await form.getByLabel('VIP').fill('5');
    await form.getByLabel('Category').selectOption('Recruiting');
    await form.getByLabel('Justification').fill(justification);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submitted successfully')).toBeVisible();
    await expect(form.getByLabel('Justification')).toHaveValue('');
    // The coordinator reaches Morgan's record, so the API says 'view' and the link is offered.
    await expect(form.getByRole('link', { name: "View Morgan's record" })).toBeVisible();

    const memberPage = await (await browser.newContext()).newPage();
    await signInAs(MEMBER, { page: memberPage });
    await expect(memberPage.getByRole('button', { name: /Notifications, \d+ unread/ })).toBeVisible();
    await memberPage.goto('/prestige-and-vip');
    await expect(memberPage.getByRole('table', { name: 'Prestige record' })).toContainText(justification);
    await memberPage.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await expect(memberPage.getByRole('dialog', { name: 'Notifications' })).toContainText('Recruiting: 9 general');
  });

  test('a storyteller (staff, no coordinator) awards prestige and is not offered a record they may not open', async ({
    page,
    signInAs,
  }) => {
    await signInAs(STORYTELLER, { to: '/prestige-and-vip' });
    const form = page.getByRole('form', { name: 'Recommend prestige' });
    await form.getByLabel('Search by name or membership number').fill('Morgan');
    await form.getByRole('button', { name: /Morgan Hale/ }).click();
    for (const label of ['General', 'Regional', 'National', 'VIP']) await form.getByLabel(label).fill('1');
    await form.getByLabel('Category').selectOption('Storytelling Support');
    await form.getByLabel('Justification').fill('Ran a scene');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submitted successfully')).toBeVisible();
    await expect(form.getByRole('link', { name: /View .*record/ })).toHaveCount(0);
    await expect(page.getByText('Failed to fetch prestiges')).toHaveCount(0);
  });

  test('a coordinator deletes a member’s entry after confirming', async ({ page, signInAs }) => {
    await signInAs(COORDINATOR);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const member = await page.request.post('/api/auth/login', { data: { email: MEMBER, password: 'guildhall-demo' } });
    const memberId = JSON.parse(
      Buffer.from(((await member.json()) as { result: string }).result.split('.')[1]!, 'base64url').toString(),
    ).id;
    const justification = `Entry to delete ${Date.now()}`;
    const created = await page.request.post('/api/prestiges/add', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        id_user: memberId,
        prestige_general: 1,
        prestige_regional: 0,
        prestige_national: 0,
        prestige_usable_general: 0,
        prestige_category: 'Miscellaneous',
        prestige_description: justification,
      },
    });
    expect(created.ok()).toBe(true);
    await page.goto(`/prestige-and-vip?member=${memberId}`);
    const row = page.getByRole('table', { name: 'Prestige record' }).getByRole('row', { name: new RegExp(justification) });
    await row.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog', { name: 'Delete this prestige entry?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The prestige entry was deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
