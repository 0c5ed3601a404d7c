// A member on the check-in page: what the storyteller reads on their row and what a tap on 'Check in' sends.
import type { Attendee } from '@guildhall/shared/schemas/games';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttendeeRow } from './attendee-row';

const member = (over: Partial<Attendee>): Attendee => ({
  id_user: 5,
  member_name: 'Ada Doorman',
  user_camnum: 'GH-ADA-1',
  signup_status: null,
  role: null,
  id_character: null,
  character_name: null,
  id_checkin: null,
  characters: [],
  ...over,
});

function row(attendee: Attendee) {
  const onCheckIn = vi.fn();
  render(
    <ul>
      <AttendeeRow attendee={attendee} waiting={false} onCheckIn={onCheckIn} />
    </ul>,
  );
  return onCheckIn;
}

describe('a member on the check-in page', () => {
  it('signed up as player with no character accepted at the game is told they can be checked in as helper only', async () => {
    const onCheckIn = row(member({ signup_status: 'going', role: 'player' }));
    expect(screen.getByText('No character of theirs is accepted at this game: they can be checked in as helper only.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Check in Ada Doorman #GH-ADA-1' }));
    expect(onCheckIn).toHaveBeenCalledWith(expect.objectContaining({ id_user: 5 }), null);
  });

  it('who walks in is marked walk-in and is checked in with their character, or as helper', async () => {
    const onCheckIn = row(member({ characters: [{ id_character: 9, character_name: 'Nadia' }] }));
    expect(screen.getByText(/· walk-in/)).toBeVisible();
    expect(screen.queryByText(/helper only/)).toBeNull();
    const button = screen.getByRole('button', { name: 'Check in Ada Doorman #GH-ADA-1' });
    await userEvent.click(button);
    expect(onCheckIn).toHaveBeenLastCalledWith(expect.objectContaining({ id_user: 5 }), 9);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Character of Ada Doorman #GH-ADA-1' }), 'As helper');
    await userEvent.click(button);
    expect(onCheckIn).toHaveBeenLastCalledWith(expect.objectContaining({ id_user: 5 }), null);
  });
});
