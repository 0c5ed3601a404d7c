// Issue 10 in the browser: My characters and the character detail modal, against the real API and the seeded
// society. Tests that change a character make their own, so they run side by side. Character search, the phone
// width and the VSS status in words: character-search.spec.ts.
import { createCharacter } from './api-calls';
import { expect, test } from './fixtures';
import { MEMBER } from './helpers';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** The newest first, so a character just added is on the first page. */
const NEWEST_FIRST = '/characters/list?sortBy=id_character&direction=desc';

test.describe('My characters', () => {
  test('adds a character, which appears Pending on its venue’s style sheet', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Ada Greywater');
    await page.getByRole('button', { name: 'Add Character' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Character' });
    // Required fields are named under their fields before anything is sent.
    await dialog.getByRole('button', { name: 'Add character' }).click();
    await expect(dialog.getByText('name is a required field')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Venue').selectOption({ index: 1 });
    await expect(dialog.getByLabel('Subtype')).toBeDisabled();
    await dialog.getByLabel('Type', { exact: true }).selectOption({ index: 1 });
    await expect(dialog.getByLabel('Subtype')).toBeEnabled();
    await expect(dialog.getByLabel('Subtype').locator('option')).not.toHaveCount(1);
    await dialog.getByLabel('Subtype').selectOption({ index: 1 });
    await dialog.getByLabel('Virtue').selectOption('Justice');
    await dialog.getByLabel('Vice').selectOption('Wrath');
    await dialog.getByLabel('Justification').fill('A river-town healer.');
    await dialog.getByRole('button', { name: 'Add character' }).click();
    await expect(page.getByText('Character was added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(NEWEST_FIRST);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('Pending');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Active');
    await expect(row.getByRole('cell').nth(5)).toHaveText('0 (0)');
  });

  test('without a selected row, Add Approval asks to select a character', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    await expect(page.getByRole('table', { name: 'My characters' }).getByRole('row')).not.toHaveCount(1);
    await page.getByRole('button', { name: 'Add Approval' }).click();
    await expect(page.getByText('Please select a character to add new approval')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the selected character survives a reload: still selected, its applications shown, Add Approval for it', async ({
    page,
    signInAs,
  }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const table = page.getByRole('table', { name: 'My characters' });
    const row = table.getByRole('row').nth(1);
    // Read once the list has come: before, its one row says 'Loading…' (a CI run read that as the name).
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(row.getByRole('cell').nth(1)).toBeVisible();
    const name = (await row.getByRole('cell').first().textContent())!.trim();
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(/selected=\d+/);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) }).first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('complementary', { name: 'Applications' })).toContainText(name);
    await page.getByRole('button', { name: 'Add Approval' }).click();
    await expect(page.getByRole('dialog', { name: `Add Approval for ${name}` })).toBeVisible();
  });

  test('submits an application for the selected character: in the Applications panel and in the detail', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Brannoc');
    await createCharacter(page, name);
    await page.goto(NEWEST_FIRST);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('cell').first().click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('complementary', { name: 'Applications' });
    await expect(panel).toContainText('No result');

    await page.getByRole('button', { name: 'Add Approval' }).click();
    const dialog = page.getByRole('dialog', { name: `Add Approval for ${name}` });
    await dialog.getByLabel('Item description').fill('Silver longsword');
    await dialog.getByLabel('Category').selectOption('2 Point Rarity');
    await dialog.getByLabel('Required approval').selectOption('Low');
    await dialog.getByLabel('Justification').fill('Inherited from her mentor.');
    await dialog.getByLabel('Character sheet').fill('Melee 3');
    await dialog.getByLabel('Mechanics').fill('+1 damage');
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('The application was submitted successfully')).toBeVisible();

    const item = panel.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Silver longsword');
    const appNumber = (await item.locator('span').first().textContent())!.trim();
    expect(appNumber).toMatch(/^[A-Z]{2}/);
    await expect(row.getByRole('cell').nth(0)).toHaveText(name);

    await row.getByRole('button', { name: `Detail of ${name}` }).click();
    const detail = page.getByRole('dialog', { name });
    const applications = detail.getByRole('table', { name: `Applications of ${name}` });
    const appRow = applications.getByRole('row', { name: new RegExp(appNumber) });
    await expect(appRow).toContainText('Silver longsword');
    await expect(appRow).toContainText(/Pending/);
  });
});

test.describe('Character detail', () => {
  test('logs experience and shows each entry’s balance and who logged it; a Spend beyond the balance is refused', async ({
    page,
    signInAs,
    browserErrors,
  }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Corvin');
    const id = await createCharacter(page, name);
    await page.goto(`/characters/list/${id}`);
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByTestId('xp-balance')).toHaveText('0');
    const xp = detail.getByRole('form', { name: 'Add experience' });

    await xp.getByLabel('XP type').selectOption('Earn');
    await xp.getByLabel('Count').fill('7');
    await xp.getByLabel('Description').fill('Game night, October');
    await xp.getByRole('button', { name: 'Add experience' }).click();
    await expect(page.getByText('Experience was added successfully')).toBeVisible();
    await expect(detail.getByTestId('xp-balance')).toHaveText('7');

    await xp.getByLabel('XP type').selectOption('Spend');
    await xp.getByLabel('Count').fill('3');
    await xp.getByLabel('Description').fill('Melee 2');
    await xp.getByRole('button', { name: 'Add experience' }).click();
    await expect(detail.getByTestId('xp-balance')).toHaveText('4');

    const log = detail.getByRole('table', { name: /Experience log/ });
    const rows = log.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    // Newest first, each with its running balance and its author.
    await expect(rows.nth(0)).toContainText('Melee 2');
    await expect(rows.nth(0).locator('td[data-label="Balance"]')).toHaveText('4');
    await expect(rows.nth(1).locator('td[data-label="Balance"]')).toHaveText('7');
    await expect(rows.nth(0).locator('td[data-label="Logged by"]')).not.toHaveText('—');

    await xp.getByLabel('XP type').selectOption('Spend');
    await xp.getByLabel('Count').fill('50');
    await xp.getByLabel('Description').fill('Too much');
    browserErrors.allow(/status of 400/); // the API refuses the Spend: what this test checks
    await xp.getByRole('button', { name: 'Add experience' }).click();
    await expect(page.getByText('Failed to add the experience')).toBeVisible();
    await expect(xp.getByRole('alert')).toContainText('4');
    await expect(detail.getByTestId('xp-balance')).toHaveText('4');

    // The list's XP column: sum of the entries and their count.
    await page.keyboard.press('Escape');
    await page.goto(NEWEST_FIRST);
    await expect(
      page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .nth(5),
    ).toHaveText(/\(2\)$/);
  });

  test('saves the justification only when it changed, and discards an edit', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const name = unique('Dagny');
    const id = await createCharacter(page, name);
    await page.goto(`/characters/list/${id}`);
    const sheet = page.getByRole('form', { name: 'Character Sheet Information' });
    const save = sheet.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await sheet.getByLabel('Justification').fill('Raised by wolves.');
    await sheet.getByRole('button', { name: 'Discard changes' }).click();
    await expect(sheet.getByLabel('Justification')).toHaveValue('');
    await sheet.getByLabel('Justification').fill('Raised by wolves.');
    await save.click();
    await expect(page.getByText('The justification was updated successfully')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Character Sheet Information' }).getByLabel('Justification')).toHaveValue(
      'Raised by wolves.',
    );
  });

  test('works by keyboard alone: opens from the row, Escape returns focus to it', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/characters/list' });
    const table = page.getByRole('table', { name: 'My characters' });
    const detailButton = table.getByRole('button', { name: /^Detail of / }).first();
    const name = ((await detailButton.getAttribute('aria-label')) ?? '').replace(/^Detail of /, '');
    await detailButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/characters\/list\/\d+$/);
    // Focus stays inside the modal while tabbing.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/characters\/list$/);
    await expect(detailButton).toBeFocused();

    // Edit opens the same modal at the Overview form's first field; the close button closes it.
    await table.getByRole('button', { name: `Edit ${name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'Overview' }).getByLabel('Name')).toBeFocused();
    await page.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeFocused();

    // Closing stepped back to the list's own entry: Back leaves the list instead of reopening the modal.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/characters\/list\/\d+/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
