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

const SIZES = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
];

for (const viewport of SIZES) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a success toast leaves the character detail’s Close (×) uncovered and clickable', async ({ page, signInAs }) => {
      await signInAs(MEMBER, { to: '/characters/list' });
      const name = `Toasted ${Date.now().toString(36)}`;
      const id = await createCharacter(page, name);
      await page.goto(`/characters/list/${id}`);
      const detail = page.getByRole('dialog', { name });
      const xp = detail.getByRole('form', { name: 'Add experience' });
      await xp.getByLabel('XP type').selectOption('Earn');
      await xp.getByLabel('Count').fill('1');
      await xp.getByLabel('Description').fill('Game night');
      await xp.getByRole('button', { name: 'Add experience' }).click();
      const toast = page.getByText('Experience was added successfully');
      await expect(toast).toBeVisible();
      // Once it has slid in (where it then stays for 5 s).
      await toast.evaluate((el) => Promise.all((el.closest('.Toastify__toast') ?? el).getAnimations().map((a) => a.finished)));
      // The toast lies clear of the button (the open detail lets clicks pass through anything outside it, so the
      // covered button would still take a click, unseen).
      const close = detail.getByRole('button', { name: 'Close' });
      const t = (await toast.evaluate((el) => (el.closest('.Toastify__toast') ?? el).getBoundingClientRect().toJSON())) as DOMRect;
      const c = (await close.boundingBox())!;
      const overlaps = t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
      expect(overlaps, `the toast (${JSON.stringify(t)}) covers Close (${JSON.stringify(c)})`).toBe(false);
      await close.click({ timeout: 2_000 });
      await expect(detail).toBeHidden();
      await expect(toast).toBeVisible();
    });

    test('the profile editor keeps Save and Cancel on screen, its form scrolling inside the popup', async ({ page, signInAs }) => {
      await signInAs(MEMBER, { to: '/profile' });
      await page.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit profile' });
      await expect(editor).toBeVisible();
      const expectButtonsInView = async (when: string) => {
        for (const name of ['Save', 'Cancel']) {
          // In the window and not scrolled out of the popup.
          await expect(editor.getByRole('button', { name, exact: true }), `${name} ${when}`).toBeInViewport({ ratio: 1 });
        }
      };
      await expectButtonsInView('on opening');
      // A message under every required field makes the form taller still.
      for (const label of ['Email', 'Phone', 'Street', 'City', 'State']) await editor.getByLabel(label, { exact: true }).fill('');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(editor.getByText(/is a required field/).first()).toBeVisible();
      await expectButtonsInView('with the fields’ messages');
      await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(editor).toBeHidden();
    });

    test('Add Character, Add Approval and Add Application open as side panels from the right', async ({ page, signInAs }) => {
      await signInAs(MEMBER, { to: '/characters/list' });
      const name = `Paneled ${Date.now().toString(36)}`;
      const id = await createCharacter(page, name);
      await page.goto('/characters/list?sortBy=id_character&direction=desc');
      const panels = [
        { opener: page.getByRole('button', { name: 'Add Character' }), title: 'Add Character', field: 'Name' },
        {
          opener: page.getByRole('button', { name: 'Add Approval' }),
          title: `Add Approval for ${name}`,
          field: 'Item description',
          before: () =>
            page
              .getByRole('row', { name: new RegExp(name) })
              .getByRole('cell')
              .first()
              .click(),
        },
        {
          opener: page.getByRole('button', { name: 'Add Application' }),
          title: `Add Application for ${name}`,
          field: 'Item description',
          before: () => page.goto(`/characters/list/${id}`),
        },
      ];
      for (const { opener, title, field, before } of panels) {
        await before?.();
        await opener.click();
        const panel = page.getByRole('dialog', { name: title });
        await expect(panel).toBeVisible();
        await expect(panel.getByLabel(field, { exact: true })).toBeVisible();
        // Let the panel finish sliding in before measuring it.
        await expect(async () => {
          const box = (await panel.boundingBox())!;
          expect(Math.round(box.x + box.width), `${title} touches the right edge`).toBe(viewport.width);
          expect(Math.round(box.y), `${title} starts at the top`).toBe(0);
          expect(Math.round(box.height), `${title} is as tall as the window`).toBe(viewport.height);
          if (viewport.width > 600) expect(box.width, `${title} leaves the page in view`).toBeLessThan(viewport.width / 2);
          else expect(Math.round(box.width), `${title} takes the phone's width`).toBe(viewport.width);
        }).toPass({ timeout: 3_000 });
        expect(await panel.evaluate((el) => el.contains(document.activeElement)), `focus is inside ${title}`).toBe(true);
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(opener).toBeFocused();
      }
    });
  });
}
