// Issue 13 in the browser: a coordinator renews a membership; a member requests a transfer from the Domain List,
// the receiving coordinator accepts it, and the member's home domain changes.
import { expect, test } from './fixtures';
import { apiSession, COORDINATOR, createMemberWithPassword, MEMBER } from './helpers';

type Location = { id_location: number; location_type: number; domain_code: string; location_name: string };

async function coordinatorDomain(request: Parameters<typeof apiSession>[0]) {
  const coordinator = await apiSession(request, COORDINATOR);
  const user = (await (await request.get(`/api/user/${coordinator.id}`, { headers: coordinator.headers })).json()) as {
    result: { id_location: number };
  };
  const domains = (await (await request.get('/api/domains', { headers: coordinator.headers })).json()) as { result: { rows: Location[] } };
  const rows = domains.result.rows;
  return { home: rows.find((d) => d.id_location === user.result.id_location)!, rows };
}

test('a coordinator renews a membership of their domain', async ({ page, request, signInAs }) => {
  const { home } = await coordinatorDomain(request);
  const last = `Renewal${Date.now() % 1e6}`;
  await createMemberWithPassword(request, { id_location: home.id_location, user_fname: 'Rena', user_lname: last });
  await signInAs(COORDINATOR, { to: '/coordinator/members' });
  await page.getByLabel('Name or membership #').fill(last);
  const table = page.getByRole('table', { name: 'My members' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Jun 30, 2027');
  await page.getByRole('button', { name: `Renew the membership of Rena ${last}` }).click();
  const dialog = page.getByRole('dialog', { name: `Renew Rena ${last}` });
  await expect(dialog.getByLabel('New expiry')).toHaveValue('2028-06-30');
  await dialog.getByLabel('New expiry').fill('2030-01-31');
  await dialog.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByText('The membership was renewed successfully')).toBeVisible();
  await expect(table).toContainText('Jan 31, 2030');
});

test('a transfer is requested from the Domain List, accepted by the receiving coordinator, and the domain changes', async ({
  page,
  request,
  signInAs,
}) => {
  const { home, rows } = await coordinatorDomain(request);
  const elsewhere = rows.find((d) => d.location_type === 4 && d.id_location !== home.id_location)!;
  const last = `Mover${Date.now() % 1e6}`;
  const mover = await createMemberWithPassword(request, { id_location: elsewhere.id_location, user_fname: 'Tomas', user_lname: last });

  // The member asks to move to the coordinator's domain.
  const session = await apiSession(request, mover.email, mover.password);
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), session.token);
  await page.goto('/utilities/domain-list');
  await page.getByLabel('Filter domains').fill(home.domain_code);
  await page
    .getByRole('button', { name: new RegExp(home.location_name) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Request transfer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request transfer' }).click();
  await expect(page.getByText('The transfer was requested successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer requested' })).toHaveAttribute('aria-disabled', 'true');

  // The receiving coordinator accepts it.
  await page.evaluate(() => localStorage.removeItem('accessToken'));
  await signInAs(COORDINATOR, { to: '/coordinator/transfers?status=Pending' });
  const row = page.getByRole('row', { name: new RegExp(last) });
  await expect(row).toContainText('Pending');
  await page.getByRole('button', { name: `Accept the transfer of Tomas ${last} to ${home.location_name} (${home.domain_code})` }).click();
  await expect(page.getByText('The transfer was accepted')).toBeVisible();
  await page.getByLabel('Status').selectOption('Accepted');
  await expect(page.getByRole('row', { name: new RegExp(last) })).toContainText('Accepted');

  // The member's home domain is now the coordinator's.
  const record = (await (await request.get(`/api/user/${mover.id_user}`, { headers: session.headers })).json()) as {
    result: { id_location: number };
  };
  expect(record.result.id_location).toBe(home.id_location);
  await page.evaluate((value) => localStorage.setItem('accessToken', value), session.token);
  await page.goto('/utilities/domain-list');
  await expect(page.getByRole('button', { name: new RegExp(`Show my domain \\(${home.domain_code}\\)`) })).toBeVisible();
});

test('a member without the role reads what Coordinator is for', async ({ page, signInAs }) => {
  await signInAs(MEMBER, { to: '/coordinator' });
  await expect(page.getByRole('note')).toContainText('coordinators');
});
