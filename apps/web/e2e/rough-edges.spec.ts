// Issue 23: rough edges seen on screenshots — a disabled tab opened by its URL, a page that asked the API before
// explaining, double clicks on a review, a toast over the Close button, a popup taller than the screen, and the
// side panels of My characters.
import { apiCall, createCharacter } from './api-calls';
import { expect, test } from './fixtures';
import { MEMBER, STORYTELLER } from './helpers';

test.describe('Storyteller tabs', () => {
  test('a member opening the Character Census reads why without any refused request', async ({ page, signInAs }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signInAs(MEMBER, { to: '/storyteller/character-census' });
    await expect(page.getByRole('alert')).toHaveText('The character census is for staff and storytellers.');
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  test('the disabled Style-Sheet tab opened by its URL goes to the first enabled tab', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/storyteller/vss-manager' });
    await page.goto('/storyteller/stylesheet');
    await expect(page).toHaveURL(/\/storyteller\/vss-manager$/);
    await expect(page.getByRole('link', { name: 'Vss Manager' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: /Style sheets/ })).toBeVisible();
  });
});

test('a double click on Approve approves once: one success toast and no "changed meanwhile"', async ({ page, browser, signInAs }) => {
  await signInAs(MEMBER, { to: '/characters/list' });
  const characterId = await createCharacter(page, `Double ${Date.now().toString(36)}`);
  const submitted = await apiCall<{ id: number; app_number: string }>(page, 'POST', '/approval/add', {
    character_id: characterId,
    description: 'Out-of-clan Obfuscate',
    category: '4 Point Rarity',
    required_approval: 'Low',
    justification: 'Taught by a mentor.',
    character_sheet: 'Presence 3',
    mechanics: 'Obfuscate 1',
  });
  const context = await browser.newContext();
  const storyteller = await context.newPage();
  await signInAs(STORYTELLER, { page: storyteller, to: `/storyteller/approvals/${submitted.id}` });
  const detail = storyteller.getByRole('dialog', { name: `Application ${submitted.app_number}` });
  const sent: number[] = [];
  storyteller.on('response', (response) => {
    if (response.url().endsWith(`/approvals/${submitted.id}/approve`)) sent.push(response.status());
  });
  const approve = detail.getByRole('button', { name: 'Approve' });
  // A double click whose second click lands before the page has redrawn (what a busy phone does).
  await approve.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(storyteller.getByText('The application was approved')).toHaveCount(1);
  await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
  // Any second answer would have arrived by now.
  await storyteller.waitForLoadState('networkidle');
  await expect(storyteller.getByText('The application was approved')).toHaveCount(1);
  await expect(storyteller.getByText(/changed meanwhile/)).toHaveCount(0);
  expect(sent).toEqual([200]);
  await context.close();
});
