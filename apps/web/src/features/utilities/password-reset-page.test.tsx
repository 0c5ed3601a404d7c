// Password Change sends one change however often the member presses the button while the dictionaries load.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordResetPage } from './password-reset-page';

const dictionaries = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { loaded, arrive: () => arrive() };
});

vi.mock('@guildhall/shared/rules/password-strength', async () => {
  await dictionaries.loaded;
  return { zxcvbnScore: () => 4 };
});
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: null }) }));

const answer = (result: unknown) =>
  new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('PasswordResetPage', () => {
  it('is busy from the first click while the dictionaries load, and sends the change once', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).endsWith('/auth/config') ? answer({ external: false, authorizationEndpoint: 'http://sso/auth' }) : answer(true),
      );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PasswordResetPage />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Current password'), 'old secret words');
    await userEvent.type(screen.getByLabelText('New password'), 'violet harbour lantern quietly');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'violet harbour lantern quietly');
    const button = screen.getByRole('button', { name: 'Change password' });
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Changing…' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Changing…' }));

    dictionaries.arrive();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeEnabled();
    const changes = fetchSpy.mock.calls.filter(([input]) => String(input).endsWith('/auth/password'));
    expect(changes).toHaveLength(1);
    fetchSpy.mockRestore();
  });
});
