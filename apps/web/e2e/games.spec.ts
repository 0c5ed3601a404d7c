// Issue 28 at 375 px: a storyteller schedules a game, two players sign up with their characters, the storyteller
// checks one in at the door with no connection and the check-in arrives once it returns, and closing the game puts
// "Attended …" in the character's experience log, where the player sees it.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiSession, createMemberWithPassword, MEMBER, STORYTELLER } from './helpers';

test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'allow' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A page of its own for a member signed in with a token (another person's phone). */
async function phoneOf(browser: Browser, token: string, to: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  await page.goto(to);
  return page;
}

async function signUpWith(page: Page, character: string) {
  await page.getByLabel('Come as').selectOption({ label: character });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(`You are going as ${character}.`)).toBeVisible();
}

test('a game from scheduling to the XP entry, checked in offline at the door', async ({
  page,
  browser,
  request,
  signInAs,
  browserErrors,
}) => {
  test.slow();
  // Sends made while the browser is offline fail on purpose; the check-in waits and is sent later.
  browserErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|FetchEvent|net::ERR_FAILED/);

  // The player's accepted character, its venue (run by the storyteller), and a second player with a character there.
  const member = await apiSession(request, MEMBER);
  const storyteller = await apiSession(request, STORYTELLER);
  const mine = await (await request.get(`/api/characters/user/${member.id}?count=50`, { headers: member.headers })).json();
  const tomas = (mine.result.rows as { id_character: number; character_name: string; id_venue: number; vss_status: string }[]).find(
    (c) => c.vss_status === 'Accepted',
  )!;
  const home = (await (await request.get(`/api/user/${member.id}`, { headers: member.headers })).json()).result.id_location as number;
  const second = await createMemberWithPassword(request, {
    id_location: home,
    user_fname: 'Wren',
    user_lname: `Guest${Date.now() % 100000}`,
  });
  const secondSession = await apiSession(request, second.email, second.password);
  const types = (await (await request.get('/api/character-types', { headers: secondSession.headers })).json()).result.rows;
  const subtypes = (
    await (await request.get(`/api/character-subtypes?typeId=${types[0].id_type}`, { headers: secondSession.headers })).json()
  ).result.rows;
  const made = await request.post('/api/character/add', {
    headers: secondSession.headers,
    data: {
      character_name: 'Mira Lantern',
      id_venue: tomas.id_venue,
      id_type: types[0].id_type,
      id_subtype: subtypes[0].id_subtype,
      character_virtue: 'Hope',
      character_vice: 'Pride',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const mira = (await made.json()).result.id_character as number;
  const signed = await request.post(`/api/character/${mira}/sign`, { headers: storyteller.headers, data: { resultSigned: 'yes' } });
  expect(signed.ok(), await signed.text()).toBe(true);

  // The storyteller schedules the game on a phone.
  const name = `Harbour Night ${Date.now() % 100000}`;
  await signInAs(STORYTELLER, { to: `/games/new?venue=${tomas.id_venue}` });
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date').fill(day(2));
  await page.getByLabel('Starts').fill('19:00');
  await page.getByLabel('Ends').fill('23:00');
  await page.getByLabel('Time zone').fill('America/New_York');
  await page.getByLabel('Place').fill('Old Harbour Hall');
  await page.getByLabel('Players (empty: no limit)').fill('10');
  await page.getByLabel('XP for attending (empty: as the last game)').fill('2');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/games\\?venue=${tomas.id_venue}$`));
  const link = page.getByRole('link', { name });
  await expect(link).toBeVisible();
  const gameId = Number((await link.getAttribute('href'))!.split('/').pop());

  // Two players sign up, each with their character, on their own phones.
  const first = await phoneOf(browser, member.token, `/games/${gameId}`);
  await signUpWith(first, tomas.character_name);
  const other = await phoneOf(browser, secondSession.token, `/games/${gameId}`);
  await signUpWith(other, 'Mira Lantern');

  // At the door with no signal: the check-in waits on the phone, and is sent once the connection returns.
  await page.goto(`/games/${gameId}/check-in`);
  const attendees = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem');
  await expect(attendees.filter({ hasText: `#${second.user_camnum}` })).toBeVisible();
  await expect(attendees).toHaveCount(2);
  await page.context().setOffline(true);
  const firstRow = attendees.filter({ hasNotText: `#${second.user_camnum}` });
  await firstRow.getByRole('button', { name: /^Check in/ }).click();
  await expect(page.getByRole('status')).toHaveText('1 check-in waiting to send');
  await expect(firstRow.getByText('Waiting to send')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('status')).toHaveText('Every check-in is sent.', { timeout: 20_000 });
  await expect(firstRow.getByText('Checked in')).toBeVisible();
  const game = (await (await request.get(`/api/games/${gameId}`, { headers: storyteller.headers })).json()).result;
  expect(game.checked_in).toBe(1);

  // Closing the game posts the XP; the player finds it in the character's log.
  await page.goto(`/games/${gameId}`);
  // It cannot be undone: the page asks first, saying what it posts.
  await page.getByRole('button', { name: 'Close the game' }).click();
  const asked = page.getByRole('dialog', { name: 'Close this game?' });
  await expect(asked).toContainText("1 checked in: each earns the game's XP and prestige now.");
  await asked.getByRole('button', { name: 'Close the game' }).click();
  await expect(page.getByText(/The game is closed: 1 XP entries/)).toBeVisible();
  await expect(asked).toBeHidden();
  await first.goto(`/characters/list/${tomas.id_character}`);
  await expect(first.getByRole('link', { name: new RegExp(`^Attended ${name} on `) })).toBeVisible();
});
