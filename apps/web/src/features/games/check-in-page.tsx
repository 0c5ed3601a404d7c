// Issue 28: the storyteller's check-in page at the door, made for a phone: who signed up, a search by name or
// membership number (walk-ins too), one tap to check in. Check-ins wait on the device while there is no
// connection and are sent, each once, when it returns; the count still waiting is shown.
import type { Attendee, CorrectionInput } from '@guildhall/shared/schemas/games';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Field } from '../../components/field';
import { NotFoundPage } from '../../components/not-found';
import { SectionPage } from '../../components/section-page';
import { useAuth } from '../../lib/auth';
import { formatGameTime } from '../../lib/game-time';
import { queryKeys } from '../../lib/query-keys';
import { useRouteId } from '../../lib/route-id';
import { sendCheckin, useAttendees, useCorrectAttendance, useGame } from './api';
import {
  enqueueCheckin,
  flushCheckins,
  newCheckinKey,
  pendingCheckins,
  type QueuedCheckin,
  storedCheckins,
  subscribeCheckins,
} from './checkin-queue';
import { AttendeeRow } from './attendee-row';
import styles from './games.module.css';

const RETRY_MS = 15_000;
let snapshot = '';
const readQueue = () => {
  const now = JSON.stringify(storedCheckins());
  if (now !== snapshot) snapshot = now;
  return snapshot;
};

/** The check-ins of this game the signed-in member made that still wait. */
function usePendingCheckins(id_game: number, by: number): QueuedCheckin[] {
  const text = useSyncExternalStore(subscribeCheckins, readQueue);
  return (JSON.parse(text || '[]') as QueuedCheckin[]).filter((c) => c.id_game === id_game && c.by === by);
}

export function CheckInPage() {
  const id = useRouteId();
  return id === null ? (
    <SectionPage heading="CHECK-IN">
      <NotFoundPage />
    </SectionPage>
  ) : (
    <CheckIn id={id} />
  );
}

function CheckIn({ id }: { id: number }) {
  // The page is behind sign-in: the member is known.
  const me = useAuth().userId!;
  const game = useGame(id);
  const [search, setSearch] = useState('');
  const attendees = useAttendees(id, search.trim());
  const pending = usePendingCheckins(id, me);
  const queryClient = useQueryClient();

  const flush = useCallback(async () => {
    if (pendingCheckins(me).length === 0) return;
    const { sent, refused } = await flushCheckins(me, (c) => sendCheckin(c.id_game, c));
    for (const c of refused) toast.error(`The check-in of ${c.member_name} was refused`);
    if (sent || refused.length) await queryClient.invalidateQueries({ queryKey: queryKeys.games.all });
  }, [queryClient, me]);

  useEffect(() => {
    void flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(() => navigator.onLine && void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [flush]);

  const correct = useCorrectAttendance(id);
  const correcting = game.data?.abilities.includes('correct') ?? false;
  const correction = (input: CorrectionInput, done: string) =>
    correct.mutateAsync(input).then(
      () => toast.success(done),
      (error: Error) => toast.error(error.message || 'Failed to correct the attendance'),
    );
  const checkIn = (attendee: Attendee, id_character: number | null) => {
    if (correcting) {
      const added = id_character ? { role: 'player' as const, id_character } : { role: 'helper' as const };
      void correction({ void: [], add: [{ id_user: attendee.id_user, ...added }] }, `${attendee.member_name}'s attendance was added`);
      return;
    }
    enqueueCheckin({
      id_game: id,
      by: me,
      key: newCheckinKey(),
      id_user: attendee.id_user,
      member_name: attendee.member_name,
      ...(id_character ? { role: 'player', id_character } : { role: 'helper' }),
    });
    void flush();
  };

  return (
    <SectionPage heading="CHECK-IN">
      <div className={styles.door}>
        {game.data ? (
          <p>
            <Link to={`/games/${id}`}>{game.data.game_name}</Link> · {formatGameTime(game.data)} · {game.data.checked_in} checked in
          </p>
        ) : null}
        {correcting ? <p>The game is closed: adding or voiding attendance posts or voids its XP and prestige.</p> : null}
        <p className={styles.pending} role="status" aria-live="polite">
          {pending.length === 0
            ? 'Every check-in is sent.'
            : `${pending.length} check-in${pending.length === 1 ? '' : 's'} waiting to send`}
        </p>
        <Field label="Find by name or membership number">
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </Field>
        <AttendeeList
          attendees={attendees}
          pendingUsers={new Set(pending.map((c) => c.id_user))}
          onCheckIn={checkIn}
          onVoid={
            correcting ? (a) => void correction({ void: [a.id_checkin!], add: [] }, `${a.member_name}'s attendance was voided`) : undefined
          }
          searching={search.trim() !== ''}
        />
      </div>
    </SectionPage>
  );
}

function AttendeeList(props: {
  attendees: UseQueryResult<Attendee[]>;
  pendingUsers: Set<number>;
  searching: boolean;
  onCheckIn: (attendee: Attendee, id_character: number | null) => void;
  /** After closing (a correction): voids a member's check-in and what it earned. */
  onVoid?: (attendee: Attendee) => void;
}) {
  const { attendees } = props;
  if (attendees.isPending) return <p aria-busy="true">Loading who is expected…</p>;
  if (attendees.isError && !attendees.data) return <p role="alert">The list could not be loaded: {attendees.error.message}</p>;
  const rows = attendees.data ?? [];
  if (rows.length === 0) return <p>{props.searching ? 'No member found.' : 'Nobody has signed up yet: search for walk-ins.'}</p>;
  return (
    <ul className={styles.attendees} aria-label="Attendees">
      {rows.map((a) => (
        <AttendeeRow
          key={a.id_user}
          attendee={a}
          waiting={props.pendingUsers.has(a.id_user)}
          onCheckIn={props.onCheckIn}
          onVoid={props.onVoid}
        />
      ))}
    </ul>
  );
}
