// Setting up e2e data through the API with the page's own session, as the SPA would call it.
import type { Page } from '@playwright/test';

/** The page's own session calls the API, as the SPA would. */
export async function apiCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).result;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A fresh character of the signed-in member on a venue of their domain; answers its id. */
export async function createCharacter(page: Page, name: string): Promise<number> {
  const userId = await page.evaluate(() => {
    const payload = localStorage.getItem('accessToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { id: number }).id;
  });
  const user = await apiCall<{ id_location: number }>(page, 'GET', `/user/${userId}`);
  const venues = await apiCall<{ rows: { id_venue: number }[] }>(page, 'GET', `/venues/domain/${user.id_location}?count=100`);
  const types = await apiCall<{ rows: { id_type: number }[] }>(page, 'GET', '/character-types');
  const subtypes = await apiCall<{ rows: { id_subtype: number }[] }>(page, 'GET', `/character-subtypes?typeId=${types.rows[0]!.id_type}`);
  const made = await apiCall<{ id_character: number }>(page, 'POST', '/character/add', {
    character_name: name,
    id_venue: venues.rows[0]!.id_venue,
    id_type: types.rows[0]!.id_type,
    id_subtype: subtypes.rows[0]!.id_subtype,
    character_virtue: 'Hope',
    character_vice: 'Pride',
  });
  return made.id_character;
}
