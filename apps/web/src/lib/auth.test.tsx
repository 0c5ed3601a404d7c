// The door lists the service worker keeps (public/sw.js) leave the device whenever whoever holds the session changes.
import { ACCESS_TOKEN_STORAGE_KEY } from '@guildhall/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { AuthProvider, useAuth } from './auth';

const GAMES = 'guildhall-games-v1';
const tokenFor = (id: number) => `x.${btoa(JSON.stringify({ id, sid: 's' }))}.y`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Cache Storage as the browser has it, holding the previous member's door list. */
function fakeCaches() {
  const names = new Set([GAMES]);
  return {
    has: async (name: string) => names.has(name),
    delete: async (name: string) => names.delete(name),
    open: async (name: string) => {
      names.add(name);
      return {};
    },
  };
}

function SignInAsOther() {
  const { loginWithToken, userId } = useAuth();
  return (
    <>
      <p>member {userId ?? 'none'}</p>
      <button type="button" onClick={() => loginWithToken(tokenFor(8))}>
        Sign in as 8
      </button>
      <button type="button" onClick={() => void api.get('/games/1/attendees').catch(() => undefined)}>
        Read door list
      </button>
    </>
  );
}

let caches: ReturnType<typeof fakeCaches>;
const spies: { mockRestore(): void }[] = [];
beforeEach(() => {
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenFor(7));
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const spy of spies.splice(0)) spy.mockRestore();
  localStorage.clear();
});

function renderSignedIn(doorList: () => Response) {
  spies.push(
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) => (String(input).includes('/attendees') ? doorList() : json({ result: { id_user: 7 } }))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <SignInAsOther />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('the door lists kept offline', () => {
  it('stay while the same member is signed in', async () => {
    renderSignedIn(() => json({ result: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Read door list' }));
    expect(await caches.has(GAMES)).toBe(true);
  });

  it('are dropped when another member signs in on the device', async () => {
    renderSignedIn(() => json({ result: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in as 8' }));
    expect(await screen.findByText('member 8')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await caches.has(GAMES)).toBe(false));
  });

  it('are dropped when the session ends with a 401', async () => {
    renderSignedIn(() => json({ message: 'Unauthorized' }, 401));
    await userEvent.click(await screen.findByRole('button', { name: 'Read door list' }));
    expect(await screen.findByText('member none')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await caches.has(GAMES)).toBe(false));
  });
});
