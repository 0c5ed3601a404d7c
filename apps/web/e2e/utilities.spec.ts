// Issue 4 in the browser: the five UTILITIES tabs against the real API and database.
import { expect, test } from './fixtures';
import { ADMIN, COORDINATOR, DEMO_PASSWORD, MEMBER } from './helpers';

test.describe('domain list', () => {
  test('nests the US regions under the US, keeps one section open per level, and loads content', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    await page.goto('/utilities/domain-list');
    const top = page.locator('ul[data-depth="0"] > li > h3 > button');
    await expect(top.first()).toContainText('United States');
    await expect(top).toContainText([/United States/, /Canada/, /United Kingdom/]);
    await top.first().click();
    const regions = page.locator('ul[data-depth="1"] > li > h3 > button');
    await expect(regions).toContainText([/Midwest/, /Northeast/, /Pacific/, /Southeast/, /Southwest/]);
    await regions.filter({ hasText: 'Northeast' }).click();
    await expect(page.getByRole('region', { name: 'Positions of Northeast' })).toContainText('Regional Storyteller');
    await regions.filter({ hasText: 'Pacific' }).click();
    await expect(regions.filter({ hasText: 'Northeast' })).toHaveAttribute('aria-expanded', 'false');
    await expect(regions.filter({ hasText: 'Pacific' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(2);
    // Keyboard: arrows move between the headers of one level.
    await regions.filter({ hasText: 'Pacific' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(regions.filter({ hasText: 'Southeast' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(regions.filter({ hasText: 'Southeast' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('finds the member’s own domain, marked, with its venues and posts', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    await page.goto('/utilities/domain-list');
    await page.getByRole('button', { name: /Show my domain \(NE-\d{3}\)/ }).click();
    const mine = page.getByRole('button', { name: /Your domain/ });
    await expect(mine).toHaveAttribute('aria-expanded', 'true');
    const name = (await mine.locator('span').nth(1).textContent())!;
    await expect(page.getByRole('region', { name: `Positions of ${name}` })).toContainText('Domain Coordinator');
    await expect(page.getByRole('region', { name: `Venues of ${name}` }).getByRole('listitem')).not.toHaveCount(0);
    await page.getByLabel('Filter domains').fill('zzz-nothing');
    await expect(page.getByText('No result')).toBeVisible();
    await page.getByLabel('Filter domains').fill('NE-0');
    await expect(page.locator('ul[data-depth="0"] > li')).not.toHaveCount(0);
  });

  test('offers Request transfer only on domains, never on the US or a region, and names the coordinator plainly', async ({
    page,
    signInAs,
  }) => {
    await signInAs(MEMBER);
    await page.goto('/utilities/domain-list');
    const top = page.locator('ul[data-depth="0"] > li > h3 > button');
    await top.filter({ hasText: 'United States' }).click();
    await expect(page.getByRole('region', { name: 'Positions of United States' })).toBeVisible();
    const regions = page.locator('ul[data-depth="1"] > li > h3 > button');
    await regions.filter({ hasText: 'Pacific' }).click();
    await expect(page.getByRole('region', { name: 'Positions of Pacific' })).toBeVisible();
    // Neither the country nor the open region offers a transfer: only their domains (one level down) could.
    await expect(page.getByRole('button', { name: 'Request transfer' })).toHaveCount(0);
    const domains = page.locator('ul[data-depth="2"] > li > h3 > button');
    const domain = domains.first();
    const name = (await domain.locator('span').nth(1).textContent())!;
    await domain.click();
    await expect(page.getByRole('region', { name: `Positions of ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request transfer' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Request transfer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`the coordinator of ${name} accepts or declines it`);
    await expect(dialog).not.toContainText(`${name}'s`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('membership lookup', () => {
  test('finds members by name and filters, keeping the search in the address', async ({ page, signInAs }) => {
    await signInAs(COORDINATOR);
    await page.goto('/utilities/membership-lookup');
    await page.getByLabel('Name').fill('morgan hale');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/name=morgan\+hale/);
    const table = page.getByRole('table');
    await expect(table).toContainText('Morgan Ada Hale');
    await expect(table).toContainText('member@guildhall.test');
    await page.reload();
    await expect(page.getByRole('table')).toContainText('Morgan Ada Hale');
    await page.getByRole('row', { name: /Morgan Ada Hale/ }).click();
    await expect(page.getByRole('row', { name: /Morgan Ada Hale/ })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('button', { name: /Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByLabel('Region').selectOption({ label: 'Northeast (NE)' });
    await expect(filters.getByLabel('Domain').locator('option')).not.toHaveCount(1);
    await filters.getByLabel('Type').selectOption('LARP');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/region=\d+/);
    await expect(page).toHaveURL(/userType=LARP/);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    // The address changes first; the rows follow when the filtered page arrives.
    await expect.poll(async () => [...new Set(await page.locator('tbody td[data-label="Type"]').allTextContents())]).toEqual(['LARP']);
  });

  test('is offered to staff as a tab', async ({ page, signInAs }) => {
    await signInAs(COORDINATOR, { to: '/utilities/domain-list' });
    await expect(page.getByRole('navigation', { name: 'UTILITIES tabs' }).getByRole('link', { name: 'Membership Lookup' })).toBeVisible();
  });

  test('is not offered to plain members, and its address explains why', async ({ page, signInAs }) => {
    await signInAs(MEMBER, { to: '/utilities/domain-list' });
    const tabs = page.getByRole('navigation', { name: 'UTILITIES tabs' });
    await expect(tabs.getByRole('link', { name: 'Domain List' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Membership Lookup' })).toHaveCount(0);
    await page.goto('/utilities/membership-lookup');
    await expect(page.getByRole('alert')).toContainText('Membership lookup is for staff');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test('a member changes their password on the Password Change tab; the old one stops working', async ({
  page,
  request,
  signInAs,
  browserErrors,
}) => {
  // The API refuses a too-common password and a wrong current one (400), which this test submits on purpose.
  browserErrors.allow(/password-reset: .*status of 400/);
  // A member of the demo society nobody else's test signs in as.
  const admin = await request.post('/api/auth/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const adminToken = ((await admin.json()) as { result: string }).result;
  const found = await request.get('/api/users?sortBy=id_user&direction=asc&count=1', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const email = ((await found.json()) as { result: { rows: { email: string }[] } }).result.rows[0]!.email;
  await signInAs(email);
  await page.goto('/utilities/password-reset');
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(DEMO_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('password1');
  await expect(form.getByText('Very weak')).toBeVisible();
  await expect(form.getByText('This password is too common or too easy to guess.')).toBeVisible();
  // Submitted anyway: the message shows once (as the field's error), and a wrong current password is named.
  await form.getByLabel('Confirm new password').fill('password1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'too common' })).toBeVisible();
  await expect(form.getByText('This password is too common or too easy to guess.')).toHaveCount(1);
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('harbor velvet lantern teacup');
  await form.getByLabel('Confirm new password').fill('harbor velvet lantern teacup');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not right.')).toBeVisible();
  await form.getByLabel('Current password').fill(DEMO_PASSWORD);
  const next = 'harbor velvet lantern teacup';
  await form.getByLabel('New password', { exact: true }).fill(next);
  await expect(form.getByText(/Strong|Very strong/)).toBeVisible();
  await form.getByLabel('Confirm new password').fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();
  expect((await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password: next } })).status()).toBe(200);
});

test('the Password Change form is usable before the strength dictionaries arrive, and uses them once they do', async ({
  page,
  signInAs,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/password-strength-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signInAs(MEMBER, { to: '/utilities/password-reset' });
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(DEMO_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('password1');
  await expect(form.getByText('Checking…')).toBeVisible();
  await expect(form.getByLabel('Confirm new password')).toBeEditable();
  release();
  await expect(form.getByText('Very weak')).toBeVisible();
  await expect(form.getByText('This password is too common or too easy to guess.')).toBeVisible();
});

test('the Standards tab shows SPEC’s text, and a path below it is Not found page', async ({ page, signInAs }) => {
  await signInAs(MEMBER, { to: '/utilities/standards' });
  await expect(page.getByText('Standards - Comming soon.')).toBeVisible();
  await page.goto('/utilities/standards/x');
  await expect(page.getByText('Not found page')).toBeVisible();
  await expect(page.getByText('Standards - Comming soon.')).toHaveCount(0);
});

test.describe('documentation', () => {
  test('a member searches and opens a folder, without the administrators’ buttons', async ({ page, signInAs }) => {
    await signInAs(MEMBER);
    await page.goto('/utilities/documentation');
    await expect(page.getByRole('button', { name: 'Add folder' })).toHaveCount(0);
    await page.getByLabel('File name').fill('bylaws');
    await page.getByRole('button', { name: 'Search' }).click();
    const folders = page.locator('ul > li > h3 > button');
    await expect(folders).toHaveCount(1);
    await folders.first().click();
    await expect(page.getByText('bylaws-1.md')).toBeVisible();
    const download = page.waitForEvent('download');
    await page
      .getByRole('listitem')
      .filter({ hasText: /^bylaws-1\.md/ })
      .getByRole('button', { name: 'Open' })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bylaws-1.md');
    const chunks: Buffer[] = [];
    for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain('# Bylaws');
  });

  test('opening a document after the session has ended signs the member out with SPEC’s toast', async ({ page, browserErrors }) => {
    browserErrors.allow(/status of 401/); // the ended session's refusal, which this test is about
    // A session of its own (not the worker's shared one), ended on the server while the page is open.
    const login = await page.request.post('/api/auth/login', { data: { email: MEMBER, password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { result: string }).result;
    await page.goto('/api/health');
    await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
    await page.goto('/utilities/documentation');
    await page.locator('ul > li > h3 > button').first().click();
    await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
    await page.getByRole('button', { name: 'Open' }).first().click();
    await expect(page.getByText('Your access token is expired. Please try to login.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an administrator adds a folder and uploads a document that then appears', async ({ page, signInAs }) => {
    const folder = `Event Kit ${Date.now()}`;
    await signInAs(ADMIN);
    await page.goto('/utilities/documentation');
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByRole('dialog', { name: 'Add folder' }).getByLabel('Folder name').fill(folder);
    await page.getByRole('dialog', { name: 'Add folder' }).getByRole('button', { name: 'Add folder' }).click();
    await expect(page.getByText('The folder was added')).toBeVisible();
    await page.getByRole('button', { name: 'Add item' }).click();
    const upload = page.getByRole('dialog', { name: 'Add item' });
    await upload.getByLabel('Folder').selectOption({ label: folder });
    await upload
      .getByLabel(/Document/)
      .setInputFiles({ name: 'packing-list.md', mimeType: 'text/markdown', buffer: Buffer.from('# Packing list\n- dice\n') });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('The document was added')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(folder) }).click();
    await expect(page.getByText('packing-list.md')).toBeVisible();
    await page.getByRole('button', { name: 'Add item' }).click();
    await upload.getByLabel('Folder').selectOption({ label: folder });
    await upload
      .getByLabel(/Document/)
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload.getByRole('alert')).toHaveText('Only PDF, Markdown and text documents can be uploaded.');
  });
});
