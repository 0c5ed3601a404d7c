// Issue 23: rough edges seen on screenshots — a disabled tab opened by its URL, a page that asked the API before
// explaining, double clicks on a review, a toast over the Close button, a popup taller than the screen, and the
// side panels of My characters.
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
