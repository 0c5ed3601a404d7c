// Issue 26 in the browser: 'Export CSV' on Coordinator › My members (with the page's filters), on a style sheet's
// characters and on Coordinator › Prestige for a domain's ledger; each download is the CSV a spreadsheet opens.
import type { Download, Page } from '@playwright/test';
import { apiCall } from './api-calls';
import { expect, test } from './fixtures';
import { COORDINATOR, STORYTELLER } from './helpers';

async function downloadCsv(page: Page, scope = page.locator('body')): Promise<{ download: Download; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { download, lines: text.slice(1).split('\r\n').filter(Boolean) };
}

test('a coordinator exports My members as filtered', async ({ page, signInAs }) => {
  // The demo's membership numbers only (US20…): members other tests add meanwhile (E2E…) would change the count
  // between reading it and exporting.
  await signInAs(COORDINATOR, { to: '/coordinator/members?userType=LARP&name=US20' });
  await expect(page.getByText(/^\d+ members$/)).toBeVisible();
  const shown = Number((await page.getByText(/^\d+ members$/).textContent())!.split(' ')[0]);
  expect(shown).toBeGreaterThan(0);
  const { download, lines } = await downloadCsv(page);
  expect(download.suggestedFilename()).toBe('my-members.csv');
  expect(lines[0]).toBe('membership_number,first_name,middle_name,last_name,email,type,expiry,domain_code,email_bouncing,deactivated');
  expect(lines).toHaveLength(shown + 1);
  expect(lines.slice(1).every((line) => line.startsWith('US20') && line.includes(',LARP,'))).toBe(true);
});

test('a storyteller exports a style sheet’s characters', async ({ page, signInAs }) => {
  await signInAs(STORYTELLER, { to: '/storyteller/vss-manager' });
  const census = await apiCall<{ rows: { id_venue: number; venue_name: string; character_count: number }[] }>(
    page,
    'POST',
    '/venues-with-character-count/get?page=1&count=100',
    {},
  );
  const sheet = census.rows.find((r) => r.character_count > 0)!;
  await page.goto(`/storyteller/vss-manager/${sheet.id_venue}`);
  await expect(page.getByRole('table', { name: `Characters on ${sheet.venue_name}` })).toBeVisible();
  const { download, lines } = await downloadCsv(page);
  expect(download.suggestedFilename()).toBe(`style-sheet-${sheet.id_venue}-characters.csv`);
  expect(lines[0]).toBe('id,character,player,membership_number,type,subtype,status,vss_status,sign_response');
  expect(lines).toHaveLength(sheet.character_count + 1);
});

test('a coordinator exports their domain’s prestige ledger from Coordinator › Prestige', async ({ page, signInAs }) => {
  await signInAs(COORDINATOR, { to: '/coordinator/prestige' });
  const ledger = page.getByRole('region', { name: 'Domain prestige ledger' });
  await expect(ledger.getByLabel('Domain ledger')).not.toHaveValue('');
  const domain = await ledger.getByLabel('Domain ledger').inputValue();
  const { download, lines } = await downloadCsv(page, ledger);
  expect(download.suggestedFilename()).toBe(`domain-prestige-${domain}.csv`);
  expect(lines[0]).toBe('membership_number,date,category,general,regional,national,vip,description,awarded_by');
  expect(lines.length).toBeGreaterThan(1);
});
