// Issue 26 in the browser: an administrator previews a members file with two bad rows, sees them with their line
// numbers, fixes the file, applies it (its progress, then its result, and no set-password e-mails unless asked),
// and an imported member appears in Membership Lookup; a member asks for their own data on Profile (made in the
// background); an administrator exports the audit log and erases a member after a preview.
import { expect, test } from './fixtures';
import { apiCall } from './api-calls';
import { ADMIN, MEMBER } from './helpers';

test('an administrator imports a members file: preview with line numbers, fix, apply, found in the lookup', async ({ page, signInAs }) => {
  await signInAs(ADMIN, { to: '/administration/members' });
  // A domain whose own code no other domain shares (the import finds a home domain by its code).
  const { rows } = await apiCall<{ rows: { location_type: number; location_code: string }[] }>(page, 'GET', '/domains');
  const domains = rows.filter((l) => l.location_type >= 4).map((l) => l.location_code);
  const code = domains.find((c) => domains.filter((d) => d.toLowerCase() === c.toLowerCase()).length === 1) ?? '';
  expect(code).not.toBe('');
  const n = `${Date.now()}`.slice(-7);
  const header = 'membership_number,first_name,last_name,email,type,expiry,domain_code';
  const good = (i: number) => `IMP${n}${i},Quinn${n},Import ${i},quinn${i}.${n}@example.test,LARP,2027-11-30,${code}`;
  const bad = [
    header,
    good(1),
    `IMP${n}2,Rae,Bad,rae.${n}@example.test,LARP,2027-02-30,${code}`,
    good(3),
    `IMP${n}4,Sol,Bad,sol.${n}@example.test,Wizard,,${code}`,
  ].join('\r\n');
  const fixed = [header, good(1), good(2), good(3), good(4)].join('\r\n');
  const csv = (text: string) => ({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`) });

  await page.goto('/administration/import');
  await page.getByLabel('CSV file').setInputFiles(csv(bad));
  await page.getByRole('button', { name: 'Preview' }).click();
  const fix = page.getByRole('table', { name: 'Rows to fix' });
  await expect(fix.getByRole('row')).toHaveCount(3);
  await expect(fix.getByRole('row').nth(1)).toContainText('3');
  await expect(fix.getByRole('row').nth(1)).toContainText('expiry');
  await expect(fix.getByRole('row').nth(2)).toContainText('5');
  await expect(fix.getByRole('row').nth(2)).toContainText('unknown membership type Wizard');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  await page.getByLabel('CSV file').setInputFiles(csv(fixed));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preview' })).toContainText('4 to create');
  // Set-password e-mails only when asked: the choice is there, and off.
  await expect(page.getByLabel(/E-mail new members their set-password link/)).not.toBeChecked();
  // The options travel in the query, the file as the body.
  // The answer is read as it passes through the page's route: Chromium does not always keep a streamed body
  // for waitForResponse to read back afterwards.
  let answer = '';
  await page.route('**/api/imports?*', async (route) => {
    const response = await route.fetch();
    answer = await response.text();
    await route.fulfill({ response, body: answer });
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Applied' })).toContainText('4 to create');
  // The apply answered its progress (rows read of the file's 4) before its result.
  const lines = answer
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines[0]).toEqual({ progress: expect.objectContaining({ done: 0, total: 4 }) });
  expect(lines.at(-1).result).toMatchObject({ applied: true, created: 4 });

  await page.goto('/utilities/membership-lookup');
  await page.getByLabel('Name').fill(`Quinn${n}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table')).toContainText(`IMP${n}1`);
});

test('at 375 px the import shows a labelled progress bar inside the window while it runs', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(ADMIN, { to: '/administration/import' });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The answer is held back, so the bar is seen while the import is under way.
  await page.route('**/api/imports?*', async (route) => {
    await held;
    await route.continue();
  });
  const header = 'membership_number,first_name,last_name,email,type,expiry,domain_code';
  await page.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n`) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  release();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('table', { name: 'Rows to fix' })).toContainText('no rows below its header');
});

test('a member asks for their own data on Profile: being prepared, a notice when ready, then the zip', async ({ page, signInAs }) => {
  await signInAs(MEMBER, { to: '/profile' });
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('Your data is being prepared. You will get a notice when it is ready.')).toBeVisible();
  await expect(page.getByText(/^Your data is ready, until /)).toBeVisible({ timeout: 15_000 });
  const notices = await apiCall<{ rows: { message: string; link: string | null }[] }>(page, 'GET', '/notifications?count=100');
  expect(notices.rows.find((n) => n.message.startsWith('Your data is ready to download'))?.link).toBe('/profile');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the zip' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^guildhall-my-data-\d+\.zip$/);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');
});

test('an administrator exports the audit log, as filtered, to CSV', async ({ page, signInAs }) => {
  await signInAs(ADMIN, { to: '/administration/audit-log' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  expect(text.startsWith('\uFEFFid,at,by,by_name,action,entity,entity_id,before,after,note\r\n')).toBe(true);
});

test('an administrator erases a member after a preview, and their name is gone from Membership Lookup', async ({ page, signInAs }) => {
  await signInAs(ADMIN, { to: '/administration/members' });
  const n = `${Date.now()}`.slice(-7);
  const { rows } = await apiCall<{ rows: { location_type: number; id_location: number }[] }>(page, 'GET', '/domains');
  const home = rows.find((l) => l.location_type >= 4)!.id_location;
  const created = await apiCall<{ id_user: number }>(page, 'POST', '/users', {
    user_fname: 'Erin',
    user_lname: `Erasable${n}`,
    user_type: 'LARP',
    user_expiration: '2027-11-30',
    id_location: home,
    tbl_user_email: { email: `erin.${n}@example.test` },
  });
  await page.goto(`/administration/members?name=Erasable${n}`);
  await page.getByRole('button', { name: `Erase Erin Erasable${n}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this member?' });
  await expect(dialog.getByRole('list', { name: 'Rows that refer to the member' })).toContainText('user_emails: 1');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('The member was erased')).toBeVisible();
  await page.goto('/utilities/membership-lookup');
  await page.getByLabel('Name').fill(`Erasable${n}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table')).not.toContainText(`Erasable${n}`);
  expect(created.id_user).toBeGreaterThan(0);
});
