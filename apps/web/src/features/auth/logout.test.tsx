// Logout goes to the provider's end-session endpoint before anything else: no usable 'Login with Portal' in
// between, whose click would cancel the provider's logout and sign the previous member in again (issue 23).
import { ACCESS_TOKEN_STORAGE_KEY } from '@guildhall/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../lib/auth';
import { LoginPage } from './login-page';

const END_SESSION = 'http://sso.test/sso/session/end?id_token_hint=x';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function LogoutButton() {
  const { logout, token } = useAuth();
  return token ? (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  ) : null;
}

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  localStorage.clear();
});

/** A signed-in member on '/', the logout answering `endSessionUrl`, and the browser's navigation held. */
async function signedInThenLogout(endSessionUrl: string | null) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, `x.${btoa(JSON.stringify({ id: 7, sid: 's' }))}.y`);
  spies.push(
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes('/auth/logout') ? json({ result: { endSessionUrl } }) : json({ result: { id_user: 7 } }),
      ),
  );
  // The navigation is held: the page stays as it is, as while the provider's page loads.
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  spies.push(assign);
  const router = createMemoryRouter(
    [
      { path: '/', element: <LogoutButton /> },
      { path: '/login', element: <LoginPage /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  return { assign, router };
}

describe('logout', () => {
  it('shows “Signing out…” and no usable Login button while the browser goes to the end-session endpoint', async () => {
    const { assign, router } = await signedInThenLogout(END_SESSION);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(END_SESSION));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    // Even on /login (a link, the back button), the sign-in button is not offered until the provider answers.
    await router.navigate('/login');
    expect(await screen.findByText('Signing out…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login with Portal' })).toBeNull();
  });

  it('without an end-session endpoint lands on /login with the Login button at once', async () => {
    const { assign, router } = await signedInThenLogout(null);
    await router.navigate('/login');
    expect(await screen.findByRole('button', { name: 'Login with Portal' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});
