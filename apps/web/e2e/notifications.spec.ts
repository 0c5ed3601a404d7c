// The header's notifications (issue 23): 'Mark all as read' reaches the notices beyond the list, and waits while it runs.
import { ADMIN, apiSession, createMemberWithPassword } from './helpers';
import { expect, test } from './fixtures';

test('Mark all as read clears every unread notice, the ones beyond the list too, and is disabled while it runs', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, ADMIN);
  const home = (
    (await (await request.get(`/api/user/${admin.id}`, { headers: admin.headers })).json()) as { result: { id_location: number } }
  ).result.id_location;
  const member = await createMemberWithPassword(request, {
    id_location: home,
    user_fname: 'Iris',
    user_lname: `Reader${Date.now() % 1e6}`,
  });
  // Twelve awards: twelve unread notices, more than the list's ten.
  for (let i = 1; i <= 12; i++) {
    const res = await request.post('/api/prestiges/add', {
      headers: admin.headers,
      data: {
        id_user: member.id_user,
        prestige_general: i,
        prestige_regional: 0,
        prestige_national: 0,
        prestige_usable_general: 0,
        prestige_category: 'Recruiting',
        prestige_description: `Notice ${i}`,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const session = await apiSession(request, member.email, member.password);
  const unread = async () =>
    ((await (await request.get('/api/notifications', { headers: session.headers })).json()) as { extra: { unread: number } }).extra.unread;
  expect(await unread()).toBe(12);

  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), session.token);
  await page.goto('/overview');
  // Hold 'mark all' back a moment so the button can be seen waiting.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/notifications/read', async (route) => {
    if ((route.request().postDataJSON() as { all?: boolean }).all) await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Notifications, 12 unread' }).click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  // Opening the list marks the ten it shows; two remain beyond it.
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  const markAll = list.getByRole('button', { name: 'Mark all as read' });
  await markAll.click();
  await expect(markAll).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(markAll).toBeDisabled();
  expect(await unread()).toBe(0);
});
