// At 375 px wide (a phone at a game) no page scrolls sideways.
import { expect, test } from '@playwright/test';
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

  test('a table wider than the screen shows a shadow at the edge it runs past', async ({ page }) => {
    await signIn(page, COORDINATOR);
    await page.goto('/utilities/membership-lookup');
    await page.getByRole('button', { name: 'Search' }).click();
    const scroller = page.getByRole('table').locator('xpath=..');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth), 'the lookup table overflows at 375 px').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The median brightness of a pixel column just inside each edge of the table body: a shadow darkens every
    // row, where text would darken only some.
    const edges = async () => {
      const table = (await scroller.boundingBox())!;
      const head = (await page.getByRole('table').locator('thead').boundingBox())!;
      const top = head.y + head.height + 2;
      const clip = { x: table.x, y: top, width: table.width, height: table.y + table.height - top - 2 };
      const png = (await page.screenshot({ clip })).toString('base64');
      return page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const column = (x: number) => {
          const values: number[] = [];
          const { data: pixels } = context.getImageData(x, 0, 1, image.height);
          for (let i = 0; i < pixels.length; i += 4) values.push((pixels[i]! + pixels[i + 1]! + pixels[i + 2]!) / 3);
          values.sort((a, b) => a - b);
          return values[Math.floor(values.length / 2)]!;
        };
        return { left: column(1), right: column(image.width - 2) };
      }, png);
    };
    const atStart = await edges();
    expect(atStart.right, 'a shadow at the right edge while more columns are to the right').toBeLessThan(240);
    expect(atStart.left, 'no shadow at the left edge at the start').toBeGreaterThan(250);

    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(async () => (await edges()).right, 'no shadow at the right edge once at the end').toBeGreaterThan(250);
    expect((await edges()).left, 'a shadow at the left edge once scrolled').toBeLessThan(240);
  });
});
