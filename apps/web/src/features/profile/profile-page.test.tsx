// The profile edit popup keeps what the member typed when they click or tap beside it; only the toggle, Cancel or
// Escape close it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './profile-page';

vi.mock('../../lib/auth', async () => {
  const { ADA } = await import('./test-member');
  return { useAuth: () => ({ user: ADA }) };
});
vi.mock('./mail-preferences-section', () => ({ MailPreferencesSection: () => null }));
vi.mock('./calendar-feed', () => ({ CalendarFeed: () => null }));
vi.mock('./my-data', () => ({ MyData: () => null }));

describe('ProfilePage', () => {
  it('keeps the edit popup and its typed changes open on a click outside, and closes it on Escape', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProfilePage />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 555 0199');
    await userEvent.click(screen.getByRole('heading', { name: 'Membership information' }));
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0199');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit profile' })).toBeNull());
  });
});
