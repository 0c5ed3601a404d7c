// One member on the check-in page's list: their sign-up, and the character to check them in with, or as helper. A
// member who signed up as player but has no character accepted at the game is told so, not checked in as helper unsaid.
import type { Attendee } from '@guildhall/shared/schemas/games';
import { useState } from 'react';
import form from '../../components/form.module.css';
import styles from './games.module.css';

export function AttendeeRow({
  attendee,
  waiting,
  onCheckIn,
  onVoid,
}: {
  attendee: Attendee;
  waiting: boolean;
  onCheckIn: (a: Attendee, c: number | null) => void;
  onVoid?: (a: Attendee) => void;
}) {
  const helper = attendee.role === 'helper';
  const [character, setCharacter] = useState<number | null>(
    helper ? null : (attendee.id_character ?? attendee.characters[0]?.id_character ?? null),
  );
  const label = `${attendee.member_name} #${attendee.user_camnum}`;
  const open = !attendee.id_checkin && !waiting;
  return (
    <li className={styles.attendee}>
      <span>
        <strong>{attendee.member_name}</strong> #{attendee.user_camnum}
        {attendee.signup_status === 'waiting' ? ' · waiting list' : attendee.signup_status ? '' : ' · walk-in'}
      </span>
      {attendee.id_checkin && onVoid ? (
        <button
          type="button"
          className={`${form.danger} ${styles.checkin}`}
          onClick={() => onVoid(attendee)}
          aria-label={`Void the attendance of ${label}`}
        >
          Void
        </button>
      ) : attendee.id_checkin ? (
        <span className={styles.done}>Checked in</span>
      ) : waiting ? (
        <span className={styles.done}>Waiting to send</span>
      ) : (
        <button
          type="button"
          className={`${form.primary} ${styles.checkin}`}
          onClick={() => onCheckIn(attendee, character)}
          aria-label={`${onVoid ? 'Add the attendance of' : 'Check in'} ${label}`}
        >
          {onVoid ? 'Add' : 'Check in'}
        </button>
      )}
      {open && !helper && attendee.characters.length === 0 ? (
        <span className={styles.note}>No character of theirs is accepted at this game: they can be checked in as helper only.</span>
      ) : null}
      {open && !helper ? (
        <select
          aria-label={`Character of ${label}`}
          value={character ?? ''}
          onChange={(event) => setCharacter(event.target.value ? Number(event.target.value) : null)}
        >
          {attendee.characters.map((c) => (
            <option key={c.id_character} value={c.id_character}>
              {c.character_name}
            </option>
          ))}
          <option value="">As helper</option>
        </select>
      ) : null}
    </li>
  );
}
