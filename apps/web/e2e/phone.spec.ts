// At 375 px wide (a phone at a game) no page scrolls sideways.
import { expect, test } from './fixtures';
import { COORDINATOR, signIn } from './helpers';

test('no page is wider than a 375 px phone', async ({ page }) => {
  test.slow(); // every page of the portal in turn: 29 s on a slower 2-core machine
  await signIn(page, COORDINATOR);
  await page.setViewportSize({ width: 375, height: 740 });
  const pages: [string, (() => Promise<void>)?][] = [
    ['/overview'],
    ['/profile'],
    ['/prestige-and-vip'],
    ['/utilities/domain-list', async () => page.getByRole('button', { name: /Show my domain/ }).click()],
    ['/utilities/password-reset'],
    ['/utilities/membership-lookup'],
    ['/utilities/documentation', async () => page.locator('ul > li > h3 > button').first().click()],
    ['/characters/list'],
    ['/storyteller/vss-manager'],
    [
      '/storyteller/vss-manager',
      async () =>
        page
          .getByRole('table', { name: /Style sheets/ })
          .getByRole('row')
          .nth(1)
          .click(),
    ],
    [
      '/storyteller/character-census',
      async () =>
        page
          .getByRole('button', { name: /on VSS\)$/ })
          .first()
          .click(),
    ],
    ['/coordinator/members'],
    ['/coordinator/transfers'],
    ['/coordinator/prestige'],
    ['/administration'],
    // Issue 28: the Games page and scheduling (a coordinator may schedule their domain's events).
    ['/games'],
    ['/games/new'],
  ];
  for (const [path, open] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await open?.();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a tab row that runs past the screen shows arrows where tabs are hidden and keeps the active tab in view', async ({ page }) => {
    await signIn(page, COORDINATOR);
    await page.goto('/utilities/domain-list');
    const row = page.getByRole('navigation', { name: 'UTILITIES tabs' });
    await expect(row.getByRole('link', { name: 'Domain List' })).toBeVisible();
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth), 'the Utilities tabs overflow at 375 px').toBe(true);
    await expect(page.getByTestId('tabs-more-after')).toBeVisible();
    await expect(page.getByTestId('tabs-more-before')).toBeHidden();

    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByTestId('tabs-more-before')).toBeVisible();
    await expect(page.getByTestId('tabs-more-after')).toBeHidden();

    // A tab far along the row, opened by its address: scrolled fully into the row's view.
    for (const [path, tabs, name] of [
      ['/utilities/membership-lookup', 'UTILITIES tabs', 'Membership Lookup'],
      ['/storyteller/investigations', 'STORYTELLER tabs', 'Investigations'],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: tabs });
      const active = nav.getByRole('link', { name, exact: true });
      await expect(active).toHaveAttribute('aria-current', 'page');
      await expect
        .poll(async () => {
          const [tab, box] = await Promise.all([active.boundingBox(), nav.boundingBox()]);
          // Widths are fractional: a tab ending at the row's scroll end may pass it by a fraction of a pixel.
          return Boolean(tab && box && tab.x >= box.x - 0.5 && tab.x + tab.width <= box.x + box.width + 0.5);
        }, `${name} is fully inside its tab row`)
        .toBe(true);
      await expect(active).toBeInViewport({ ratio: 0.99 });
    }
  });

  test('a table stacks its rows as cards instead of running past the screen', async ({ page }) => {
    // Issue 23: the lookup's rows used to run past a phone's width (with a shadow at the edge); each row is now a
    // card of 'label value' lines, its columns all in view.
    await signIn(page, COORDINATOR);
    await page.goto('/utilities/membership-lookup');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const scroller = table.locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth), 'the lookup table fits its box at 375 px').toBeLessThanOrEqual(
      0,
    );
    for (const label of ['Name', 'Membership #', 'Expires']) {
      const box = (await table.locator(`tbody tr td[data-label="${label}"]`).first().boundingBox())!;
      expect(box.x + box.width, `${label} ends inside the 375 px window`).toBeLessThanOrEqual(375);
    }
  });
});
