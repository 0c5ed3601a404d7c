import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './profile-form';
import { ADA as USER } from './test-member';

function renderForm() {
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify({ result: USER }), { status: 200, headers: { 'content-type': 'application/json' } }));
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileForm user={USER} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { fetchSpy, onDone };
}

describe('ProfileForm', () => {
  it.each([
    ['Birthday', 'birthday is a required field'],
    ['Email', 'email is a required field'],
    ['Phone', 'phone is a required field'],
    ['Street', 'street is a required field'],
    ['City', 'city is a required field'],
    ['State', 'state is a required field'],
  ])('shows “%s” left empty as required, under the field', async (label, message) => {
    const { fetchSpy } = renderForm();
    await userEvent.clear(screen.getByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText(message);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-describedby', error.id);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('lets preferred name and pronouns stay empty', async () => {
    const { fetchSpy, onDone } = renderForm();
    await userEvent.clear(screen.getByLabelText('Preferred name'));
    await userEvent.clear(screen.getByLabelText('Pronouns'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    fetchSpy.mockRestore();
  });

  it('shows each required field’s message under it and sends nothing', async () => {
    const { fetchSpy } = renderForm();
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('city is a required field')).toBeInTheDocument();
    expect(screen.getByText('phone is a required field')).toBeInTheDocument();
    expect(screen.getByText('must be a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('sends SPEC’s payload for a valid profile', async () => {
    const { fetchSpy, onDone } = renderForm();
    await userEvent.type(screen.getByLabelText('Pronouns'), 'she/her');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/user/7');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      id_user: 7,
      user_nick: '',
      user_prefix: 'she/her',
      user_bday: '1990-01-02',
      tbl_user_email: { id_email: 1, email: 'ada@example.org' },
      tbl_user_phone: { id_phone: 2, phone_number: '+1 555 0100' },
      tbl_user_address: { id_address: 3, addr_line_1: '1 Main St', addr_city: 'Boston', addr_state: 'MA' },
    });
    fetchSpy.mockRestore();
  });
});
