// Issue 23: every table of the portal keeps its actions (and its last column) in view on the desk and on a phone,
// and no table page scrolls sideways.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, COORDINATOR, MEMBER, STORYTELLER } from './helpers';

interface TablePage {
  name: string;
  email: string;
  to: string;
  /** What a person does to bring the table into view (open a detail, run a search, open an accordion). */
  open?: (page: Page) => Promise<void>;
}

async function clickThenSee(target: Locator, shown: Locator) {
  await target.click();
  await expect(shown).toBeVisible();
}

const TABLE_PAGES: TablePage[] = [
  { name: 'My characters', email: MEMBER, to: '/characters/list' },
  {
    name: 'Character detail',
    email: MEMBER,
    to: '/characters/list',
    open: (page) => clickThenSee(page.getByRole('button', { name: /^Detail of / }).first(), page.getByRole('dialog')),
  },
  { name: 'Prestige record', email: MEMBER, to: '/prestige-and-vip' },
  { name: 'Character search', email: STORYTELLER, to: '/characters/vss-list' },
  { name: 'Style sheets', email: STORYTELLER, to: '/storyteller/vss-manager' },
  {
    name: 'Style sheet detail',
    email: STORYTELLER,
    to: '/storyteller/vss-manager',
    open: (page) =>
      clickThenSee(
        page
          .getByRole('table', { name: /Style sheets/ })
          .getByRole('button', { name: /^Open/ })
          .first(),
        page.getByRole('link', { name: /Back to VSS list/ }),
      ),
  },
  {
    name: 'Character census',
    email: STORYTELLER,
    to: '/storyteller/character-census',
    open: (page) => clickThenSee(page.getByRole('button', { name: /on VSS\)$/ }).first(), page.getByRole('table')),
  },
  { name: 'Approvals', email: STORYTELLER, to: '/storyteller/approvals' },
  {
    name: 'Membership lookup',
    email: COORDINATOR,
    to: '/utilities/membership-lookup',
    open: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('a');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('table', { name: /Members found/ })).toBeVisible();
    },
  },
  { name: 'Coordinator › My members', email: COORDINATOR, to: '/coordinator/members' },
  { name: 'Coordinator › Transfers', email: COORDINATOR, to: '/coordinator/transfers' },
  { name: 'Coordinator › Prestige', email: COORDINATOR, to: '/coordinator/prestige' },
  { name: 'Administration › Members', email: ADMIN, to: '/administration/members' },
  { name: 'Administration › Positions', email: ADMIN, to: '/administration/positions' },
  { name: 'Administration › Locations', email: ADMIN, to: '/administration/locations' },
  { name: 'Administration › Audit log', email: ADMIN, to: '/administration/audit-log' },
  { name: 'Administration › Outbox', email: ADMIN, to: '/administration/outbox' },
];

const SIZES = [
  { label: 'desk', viewport: { width: 1366, height: 900 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
];

/** Every element of `locator` lies within the window's width (as laid out: nothing is scrolled sideways to reach it). */
async function expectWithinWindow(page: Page, what: string, locator: Locator) {
  const width = page.viewportSize()!.width;
  const count = await locator.count();
  for (let i = 0; i < count; i++) {
    const element = locator.nth(i);
    const box = await element.boundingBox();
    expect(box, `${what} ${i + 1} is shown`).not.toBeNull();
    expect(box!.x, `${what} ${i + 1} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what} ${i + 1} ends inside the ${width} px window`).toBeLessThanOrEqual(width);
  }
}

for (const size of SIZES) {
  test.describe(`tables at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });
    for (const table of TABLE_PAGES) {
      test(`${table.name}: no sideways scroll, every row's actions and last column in view (${size.label})`, async ({ page, signInAs }) => {
        await signInAs(table.email, { to: table.to });
        await table.open?.(page);
        const tables = page.locator('main table, [role="dialog"] table');
        await expect(tables.first()).toBeVisible();
        await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
        await expect(tables.first().locator('tbody tr').first()).not.toHaveText(/Loading…/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${table.to} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
        await expectWithinWindow(page, 'action button', tables.locator('tbody tr td button'));
        await expectWithinWindow(page, 'last cell', tables.locator('tbody tr td:last-child'));
        await expectWithinWindow(page, 'column header', tables.locator('thead th:visible'));
      });
    }
  });
}
