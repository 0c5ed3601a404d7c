// Issue 13 in the browser: an administrator creates a member; the one-time set-password link reaches the member by
// e-mail (issue 25) and is shown to the administrator too; the new member follows the e-mail's link in a fresh
// browser, sets a password, signs in and sees their overview. Without the role, a note.
import { expect, test } from './fixtures';
import { ADMIN, apiSession, createMemberWithPassword, linkIn, MEMBER, mailTo, setPasswordAndSignIn } from './helpers';

test('an administrator creates a member; the member receives the link by e-mail, sets a password through it and signs in', async ({
  page,
  browser,
  signInAs,
  browserErrors,
}) => {
  await signInAs(ADMIN, { to: '/administration/members' });
  await expect(page.getByRole('navigation', { name: 'ADMINISTRATION tabs' }).getByRole('link')).toHaveText([
    'Members',
    'Positions',
    'Locations',
    'Audit log',
    'Outbox',
    'Import',
  ]);
  const n = `${Date.now()}`.slice(-7);
  const email = `ilse.${n}@example.test`;
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add member' });
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog.getByText('first name is a required field')).toBeVisible();
  await dialog.getByLabel('First name').fill('Ilse');
  await dialog.getByLabel('Last name').fill(`Brandt ${n}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Membership #').fill(`US2026${n}`);
  await dialog.getByLabel('Membership Type').selectOption('Tabletop');
  await dialog.getByLabel('Membership Expires').fill('2027-09-30');
  await dialog.getByLabel('Home domain').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('The member was created successfully')).toBeVisible();
  const link = await page.getByTestId('set-password-link').inputValue();
  expect(link).toMatch(/\/set-password\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Done' }).click();
  const mail = await mailTo(email, { subject: /Set your password/ });
  expect(linkIn(mail.text, /https?:\/\/\S+\/set-password\/[A-Za-z0-9_-]+/)).toBe(link);

  // A fresh browser: nobody is signed in there. The member follows the link in their e-mail.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await setPasswordAndSignIn(
    fresh,
    linkIn(mail.text, /https?:\/\/\S+\/set-password\/[A-Za-z0-9_-]+/),
    email,
    'violet lantern harbour seven',
  );
  await expect(fresh.getByRole('heading', { level: 1, name: 'OVERVIEW' })).toBeVisible();
  await expect(fresh.getByText(`US2026${n}`).first()).toBeVisible();
  // The link worked once: the second visit is answered 410 Gone, which the browser logs.
  browserErrors.allow(/set-password\/.*status of 410/);
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await context.close();

  // The creation is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption('member.create');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(email);
});

test('a member without the role reads what Administration is for, not an error', async ({ page, signInAs }) => {
  await signInAs(MEMBER, { to: '/administration' });
  await expect(page.getByRole('heading', { level: 1, name: 'ADMINISTRATION' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('administrators');
  await expect(page.getByRole('navigation', { name: 'ADMINISTRATION tabs' })).toHaveCount(0);
});

test('at 375 px the Administration tabs do not scroll sideways', async ({ page, signInAs }) => {
  await signInAs(ADMIN, { to: '/administration/members' });
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/administration/members', '/administration/positions', '/administration/audit-log']) {
    await page.goto(path);
    await expect(page.getByRole('table')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test('an administrator assigns a vacant position to a member, then ends the holding, kept in its history', async ({
  page,
  request,
  signInAs,
}) => {
  const last = `Holder${Date.now() % 1e6}`;
  const domains = (await (await request.get('/api/domains', { headers: (await apiSession(request, ADMIN)).headers })).json()) as {
    result: { rows: { id_location: number; location_type: number }[] };
  };
  const domain = domains.result.rows.find((d) => d.location_type === 4)!;
  await createMemberWithPassword(request, { id_location: domain.id_location, user_fname: 'Petra', user_lname: last });
  await signInAs(ADMIN, { to: '/administration/positions' });
  await page.getByRole('button', { name: 'Add position' }).click();
  const add = page.getByRole('dialog', { name: 'Add position' });
  await add.getByLabel('Location').selectOption({ index: 1 });
  await add.getByLabel('Type').selectOption('ADST');
  await add.getByLabel('Title').fill(`Deputy ${last}`);
  await add.getByRole('button', { name: 'Add position' }).click();
  await expect(page.getByText('The position was added successfully')).toBeVisible();
  await page.goto('/administration/positions?posType=ADST&vacant=yes&sortBy=id_position&direction=desc');
  const table = page.getByRole('table', { name: 'Positions' });
  await table
    .getByRole('row', { name: new RegExp(`Deputy ${last}`) })
    .getByRole('button', { name: /^Assign / })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Find a member').fill(last);
  const member = dialog.getByLabel('Member', { exact: true });
  await expect(member.locator('option')).toHaveCount(2);
  await member.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(/The position was assigned/)).toBeVisible();

  await page.goto(`/administration/positions?holder=${last}`);
  const held = table.getByRole('row', { name: new RegExp(last) });
  await expect(held).toContainText(`Deputy ${last}`);
  await held.getByRole('button', { name: /^End / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
  await expect(page.getByText('The holding was ended')).toBeVisible();
  await page.goto(`/administration/positions?posType=ADST&vacant=yes&sortBy=id_position&direction=desc`);
  await table
    .getByRole('row', { name: new RegExp(`Deputy ${last}`) })
    .getByRole('button', { name: /^History / })
    .click();
  await expect(page.getByRole('dialog')).toContainText(new RegExp(`Petra ${last} \\(E2E\\d+\\): \\w{3} \\d+, \\d{4} – \\w{3}`));
  await page.keyboard.press('Escape');
  await page.goto(`/administration/audit-log?action=position.end`);
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row')).not.toHaveCount(1);
});

test('an administrator adds a domain under a region and a venue type, and edits the ladder', async ({ page, signInAs }) => {
  const n = `${Date.now() % 1e5}`;
  await signInAs(ADMIN, { to: '/administration/locations' });
  await page.getByRole('button', { name: 'Add location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByLabel('Name').fill(`Ember Falls ${n}`);
  await dialog.getByLabel('Code').fill(`e${n}`);
  await dialog.getByLabel('Parent').selectOption({ label: 'NE · Northeast (US region)' });
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByText('The location was added successfully')).toBeVisible();
  await page.getByLabel('Filter locations').fill(`Ember Falls ${n}`);
  await expect(page.getByRole('table', { name: 'Regions and domains' })).toContainText(`NE-E${n}`);

  await page.getByRole('button', { name: 'Add venue type' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Venue type' }).fill(`Mummy ${n}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('table', { name: 'Venue types' })).toContainText(`Mummy ${n}`);

  const ladder = page.getByRole('table', { name: /Member-class ladder/ });
  await ladder.getByRole('button', { name: 'Edit MC 1', exact: true }).click();
  await page.getByRole('dialog', { name: 'MC 1' }).getByLabel('General').fill('-5');
  await page.getByRole('dialog', { name: 'MC 1' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('general cannot be negative')).toBeVisible();
});

test('Add member: a blank number is the society’s next one, and only domains can be a home (issue 23)', async ({
  page,
  request,
  signInAs,
}) => {
  const admin = await apiSession(request, ADMIN);
  const places = (await (await request.get('/api/domains', { headers: admin.headers })).json()) as {
    result: { rows: { location_type: number }[] };
  };
  const domains = places.result.rows.filter((d) => d.location_type > 3).length;
  expect(domains).toBeLessThan(places.result.rows.length);
  await signInAs(ADMIN, { to: '/administration/members' });
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add member' });
  // The placeholder and the domains: no region, no US.
  await expect(dialog.getByLabel('Home domain').locator('option')).toHaveCount(domains + 1);
  const last = `Numberless${Date.now() % 1e7}`;
  await dialog.getByLabel('First name').fill('Oona');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill(`oona.${Date.now()}@example.test`);
  await expect(dialog.getByLabel('Membership # (optional)')).toHaveValue('');
  await dialog.getByLabel('Home domain').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('The member was created successfully')).toBeVisible();
  const found = (await (
    await request.get(`/api/coordinator/members?name=${encodeURIComponent(last)}`, { headers: admin.headers })
  ).json()) as { result: { rows: { user_camnum: string }[] } };
  expect(found.result.rows.map((m) => m.user_camnum)).toEqual([
    expect.stringMatching(new RegExp(`^[A-Z]+${new Date().getUTCFullYear()}\\d{6}$`)),
  ]);
});
