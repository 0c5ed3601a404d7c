// Issue 11 in the browser: a storyteller's style sheets (list, add, items, text, accepting a Pending character
// the player then sees Accepted), member-written text shown inert, the census, and the 'Coming soon...' pages.
// Each test that writes makes its own style sheet, so they run side by side.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall } from './api-calls';
import { MEMBER, STORYTELLER } from './helpers';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A Pending character of the signed-in member on the given sheet; answers its name. */
async function pendingCharacterOn(page: Page, id_venue: number, name: string) {
  const types = await apiCall<{ rows: { id_type: number }[] }>(page, 'GET', '/character-types');
  const subtypes = await apiCall<{ rows: { id_subtype: number }[] }>(page, 'GET', `/character-subtypes?typeId=${types.rows[0]!.id_type}`);
  await apiCall(page, 'POST', '/character/add', {
    character_name: name,
    id_venue,
    id_type: types.rows[0]!.id_type,
    id_subtype: subtypes.rows[0]!.id_subtype,
    character_virtue: 'Hope',
    character_vice: 'Pride',
  });
}

test.describe('Vss Manager', () => {
  test('a storyteller adds a sheet, an item and its text, and accepts a Pending character the player then sees Accepted', async ({
    page,
    browser,
    signInAs,
  }) => {
    // Two members' browsers and a dozen steps: about 30 s on a busy 2-core machine, so three times the limit.
    test.slow();
    const sheet = unique('Gaslight Quarter');
    const item = unique('Brass Key');
    await signInAs(STORYTELLER, { to: '/storyteller/vss-manager' });

    await page.getByRole('button', { name: 'Add Style Sheet' }).click();
    const add = page.getByRole('dialog', { name: 'Add VSS' });
    await add.getByRole('button', { name: 'Add VSS' }).click();
    await expect(add.getByText('venue type is a required field')).toBeVisible();
    await expect(add.getByText('style text is a required field')).toBeVisible();
    await add.getByLabel('Venue type').selectOption({ index: 1 });
    await add.getByLabel('Name').fill(sheet);
    await add.getByLabel('Style text').fill('Masquerade is law.');
    await add.getByRole('button', { name: 'Add VSS' }).click();
    await expect(page.getByText('The VSS was added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/storyteller\/vss-manager\/\d+$/);
    const id_venue = Number(page.url().split('/').at(-1));
    await expect(page.getByRole('heading', { name: sheet })).toBeVisible();
    await expect(page.getByText('Venue Storyteller: Sasha Okafor')).toBeVisible();

    await page.getByRole('button', { name: 'Add Item' }).click();
    const addItem = page.getByRole('dialog', { name: 'Add Item' });
    await addItem.getByLabel('Name').fill(item);
    await addItem.getByLabel('Type').selectOption('NPC');
    await addItem.getByLabel('Description').fill('Opens the old vault.');
    await addItem.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('The venue item was added successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Items, locations and NPCs' })).toContainText(item);

    const text = page.getByRole('form', { name: 'Update the VSS information' });
    await text.getByLabel('Style text').fill('Masquerade is law.\nNo open flames after midnight.');
    await text.getByRole('button', { name: 'Update Vss information' }).click();
    await expect(page.getByText('The venue was updated successfully')).toBeVisible();
    await expect(page.getByTestId('vss-text')).toContainText('No open flames after midnight.');

    // The list's Edit opens the Update VSS panel with the sheet's values.
    await page.getByRole('link', { name: /Back to VSS list/ }).click();
    await page.getByRole('searchbox', { name: 'Style sheet name' }).fill(sheet);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Edit ${sheet}` }).click();
    const edit = page.getByRole('dialog', { name: 'Update VSS' });
    await expect(edit.getByLabel('Name')).toHaveValue(sheet);
    await expect(edit.getByLabel('Style text')).toHaveValue(/No open flames after midnight\./);
    await edit.getByLabel('Name').fill(`${sheet} East`);
    await edit.getByRole('button', { name: 'Update VSS' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('table', { name: /Style sheets/ })).toContainText(`${sheet} East`);
    await page
      .getByRole('table', { name: /Style sheets/ })
      .getByRole('button', { name: `Open ${sheet} East` })
      .click();
    await expect(page.getByRole('heading', { name: `${sheet} East` })).toBeVisible();

    const memberPage = await (await browser.newContext()).newPage();
    await signInAs(MEMBER, { page: memberPage });
    const character = unique('Lenore Ashby');
    await pendingCharacterOn(memberPage, id_venue, character);

    await page.reload();
    const characters = page.getByRole('table', { name: `Characters on ${sheet} East` });
    await expect(characters.getByRole('row', { name: new RegExp(character) })).toContainText('Pending');
    await characters.getByRole('button', { name: `Accept ${character}` }).click();
    await expect(page.getByText('Successfully updated')).toBeVisible();
    await expect(characters.getByRole('row', { name: new RegExp(character) })).toContainText('Accepted');
    await expect(characters.getByRole('button', { name: `Accept ${character}` })).toHaveCount(0);

    // Reject asks first, with a reason the player reads in their notice.
    const second = unique('Silas Vane');
    await pendingCharacterOn(memberPage, id_venue, second);
    await page.reload();
    await characters.getByRole('button', { name: `Reject ${second}` }).click();
    const reject = page.getByRole('dialog', { name: `Reject ${second}?` });
    await reject.getByLabel('Reason for the player (optional)').fill('Clan Brujah is closed at this venue.');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toBeHidden();
    await expect(characters.getByRole('row', { name: new RegExp(second) })).toContainText('Rejected');

    await memberPage.goto('/characters/list?sortBy=id_character&direction=desc');
    await expect(memberPage.getByRole('table', { name: 'My characters' }).getByRole('row', { name: new RegExp(character) })).toContainText(
      'Accepted',
    );
    await memberPage.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await expect(memberPage.getByRole('dialog', { name: 'Notifications' })).toContainText(`${character} was accepted on ${sheet} East.`);
    await expect(memberPage.getByRole('dialog', { name: 'Notifications' })).toContainText(
      `${second} was rejected on ${sheet} East. The storyteller wrote: Clan Brujah is closed at this venue.`,
    );
  });

  test('shows a hostile style text as plain, inert text, read-only to a member', async ({ page, browser, signInAs }) => {
    const hostile = [
      '<script>window.__pwned = "script"</script>',
      '[click me](javascript:window.__pwned="link")',
      '<a href="javascript:window.__pwned=\'anchor\'">anchor</a>',
      '<img src="x" onerror="window.__pwned=\'img\'">',
      '<img src="http://127.0.0.1:9/beacon.png">',
      '<style>body { display: none }</style>',
      '</div><div style="position:fixed;inset:0;background:red">overlay</div>',
      '\\3c script\\3e alert(1)\\3c /script\\3e  expression(alert(1)) url("http://127.0.0.1:9/css.png")',
    ].join('\n');
    await signInAs(STORYTELLER, { to: '/storyteller/vss-manager' });
    const types = await apiCall<{ rows: { id_venue_type: number }[] }>(page, 'GET', '/venue-types/get');
    const { id_venue } = await apiCall<{ id_venue: number }>(page, 'POST', '/venue/add', {
      id_venue_type: types.rows[0]!.id_venue_type,
      venue_name: unique('Hostile Sheet'),
      venue_style: hostile,
    });

    const remote: string[] = [];
    const errors: string[] = [];
    for (const p of [page]) {
      p.on('request', (request) => {
        if (request.url().includes('127.0.0.1:9')) remote.push(request.url());
      });
      p.on('pageerror', (error) => errors.push(error.message));
    }
    await page.goto(`/storyteller/vss-manager/${id_venue}`);
    const box = page.getByTestId('vss-text');
    await expect(box).toBeVisible();
    expect(await box.evaluate((el) => el.textContent)).toBe(hostile);
    expect(await box.evaluate((el) => el.querySelectorAll('*').length)).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(remote).toEqual([]);
    expect(errors).toEqual([]);
    await expect(page.getByRole('button', { name: 'Update Vss information' })).toBeVisible();

    const memberPage = await (await browser.newContext()).newPage();
    await signInAs(MEMBER, { page: memberPage, to: `/storyteller/vss-manager/${id_venue}` });
    await expect(memberPage.getByTestId('vss-text')).toHaveText(hostile);
    await expect(memberPage.getByRole('button', { name: 'Update Vss information' })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: 'Add Item' })).toHaveCount(0);
    await expect(memberPage.getByRole('link', { name: /Back to VSS list/ })).toBeVisible();
    await expect(memberPage.getByText('The characters on a style sheet are shown to staff and storytellers.')).toBeVisible();
  });

  test('filters and pages the list, and a row opens its sheet', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/storyteller/vss-manager' });
    const table = page.getByRole('table', { name: /Style sheets/ });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of');
    await expectNoSeriousViolations(page);
    await page.getByRole('searchbox', { name: 'Storyteller' }).fill('Sasha Okafor');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/storytellerName=Sasha/);
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText('Sasha Okafor');
    const name = (await rows.nth(1).getByRole('cell').nth(3).textContent())!;
    await rows.nth(1).getByRole('cell').first().click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('table', { name: `Characters on ${name}` })).toBeVisible();
    await expectNoSeriousViolations(page);
    // By keyboard: the back link is reachable and takes the list's filters back with it.
    await page.getByRole('link', { name: /Back to VSS list/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/storyteller\/vss-manager\?storytellerName=Sasha/);
    await expect(page.getByRole('searchbox', { name: 'Storyteller' })).toHaveValue('Sasha Okafor');
  });
});

test.describe('Character Census', () => {
  test('lists the sheets as "name (n on VSS)", opens a sheet’s characters and loads more without repeating', async ({ page, signInAs }) => {
    await signInAs(STORYTELLER, { to: '/storyteller/character-census' });
    const headers = page.getByRole('button', { name: /\(\d+ on VSS\)$/ });
    await expect(headers).toHaveCount(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(headers).toHaveCount(20);
    const names = await headers.allTextContents();
    expect(new Set(names).size).toBe(20);

    const census = await apiCall<{ rows: { id_venue: number; venue_name: string; character_count: number }[] }>(
      page,
      'POST',
      '/venues-with-character-count/get?page=1&count=10',
      {},
    );
    const withCharacters = census.rows.find((r) => r.character_count > 0)!;
    const header = page.getByRole('button', { name: `${withCharacters.venue_name} (${withCharacters.character_count} on VSS)` });
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByRole('table', { name: `Characters on ${withCharacters.venue_name}` });
    await expect(table.getByRole('row')).toHaveCount(Math.min(withCharacters.character_count, 10) + 1);
    await expectNoSeriousViolations(page);
  });

  test('is for staff and storytellers', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/storyteller/character-census' });
    await expect(page.getByRole('alert')).toHaveText('The character census is for staff and storytellers.');
  });
});

test('plots, staff, reports and investigations say "Coming soon..."', async ({ page, signInAs }) => {
  await signInAs(STORYTELLER, { to: '/storyteller/plots' });
  for (const tab of ['Plots', 'Staff', 'Reports', 'Investigations']) {
    await page
      .getByRole('tab', { name: tab })
      .or(page.getByRole('link', { name: tab, exact: true }))
      .first()
      .click();
    await expect(page.locator('main#content')).toContainText('Coming soon...');
  }
});
