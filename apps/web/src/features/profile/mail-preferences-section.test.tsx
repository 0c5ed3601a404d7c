import { DEFAULT_MAIL_DELIVERY, MAIL_KINDS, type MailPreferences } from '@guildhall/shared/schemas/mail';
import type { User } from '@guildhall/shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MailPreferencesSection } from './mail-preferences-section';
import { ProfileForm } from './profile-form';
import { ADA } from './test-member';

const PREFERENCES: MailPreferences = {
  preferences: MAIL_KINDS.map((kind) => ({ kind, delivery: DEFAULT_MAIL_DELIVERY[kind] })),
  bouncing: false,
  email: 'ada@example.org',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSection(answer: (url: string, init?: RequestInit) => Response) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => answer(String(url), init));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MailPreferencesSection userId={7} />
    </QueryClientProvider>,
  );
  return fetchSpy;
}

describe('MailPreferencesSection', () => {
  it('shows each kind with its delivery and saves a change with PUT', async () => {
    const fetchSpy = renderSection((_url, init) =>
      init?.method === 'PUT'
        ? json({ result: { ...PREFERENCES, preferences: JSON.parse(String(init.body)).preferences } })
        : json({ result: PREFERENCES }),
    );
    const prestige = await screen.findByLabelText('Prestige awarded');
    expect(prestige).toHaveValue('digest');
    await userEvent.selectOptions(prestige, 'never');
    await userEvent.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    await vi.waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/user/7/mail-preferences');
    expect(JSON.parse(String(put[1]!.body)).preferences).toContainEqual({ kind: 'prestige', delivery: 'never' });
  });

  it('says when the address bounces and offers to confirm it', async () => {
    renderSection(() => json({ result: { ...PREFERENCES, bouncing: true } }));
    expect(await screen.findByText(/keep being refused/)).toHaveTextContent('ada@example.org');
    expect(screen.getByRole('button', { name: 'My address works' })).toBeEnabled();
  });

  it('says when the settings could not be loaded', async () => {
    renderSection(() => json({ message: 'The database is unavailable right now.' }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your e-mail settings could not be loaded.');
  });

  it('stops naming the old address once the profile saved a new e-mail', async () => {
    // The API marks addresses, not members: the new address is not bouncing.
    let email = 'ada@example.org';
    const user: User = { ...ADA, tbl_user_email: { id_email: 1, email } };

    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST' && String(url) === '/api/user/7') {
        email = JSON.parse(String(init.body)).tbl_user_email.email;
        return json({ result: { ...user, tbl_user_email: { id_email: 1, email } } });
      }
      return json({ result: { ...PREFERENCES, email, bouncing: email === 'ada@example.org' } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProfileForm user={user} onDone={() => undefined} />
        <MailPreferencesSection userId={7} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/keep being refused/)).toHaveTextContent('ada@example.org');

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@lovelace.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByText(/keep being refused/)).toBeNull());
  });
});
