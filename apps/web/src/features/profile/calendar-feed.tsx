// Issue 28: the member's private calendar address (iCalendar): shown for copying into a calendar application,
// renewed (the old address stops working) or revoked.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { ActionButton } from '../../components/action-button';
import form from '../../components/form.module.css';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import styles from './profile.module.css';

type Feed = { url: string | null };

export function CalendarFeed() {
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: queryKeys.games.feed,
    queryFn: ({ signal }) => api.get<Feed>('/calendar/feed', undefined, signal).then((r) => r.result),
  });
  const change = useMutation({
    mutationFn: (action: 'renew' | 'revoke') => api.post<Feed>(`/calendar/feed/${action}`).then((r) => r.result),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.games.feed, result),
  });
  const act = (action: 'renew' | 'revoke', done: string) =>
    change.mutateAsync(action).then(
      () => toast.success(done),
      (error: Error) => toast.error(error.message || 'Failed to change the calendar address'),
    );
  return (
    <section className={styles.card} aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">Games calendar</h2>
      <p>Your games and your venues' games, in any calendar application. Keep the address private: anyone who has it sees them.</p>
      {feed.isPending ? <p aria-busy="true">Loading…</p> : null}
      {feed.isError ? <p role="alert">The calendar address could not be loaded: {feed.error.message}</p> : null}
      {feed.data?.url ? (
        <input className={styles.feedUrl} readOnly value={feed.data.url} aria-label="Calendar address" onFocus={(e) => e.target.select()} />
      ) : feed.data ? (
        <p>You have no calendar address.</p>
      ) : null}
      <div className={form.actions}>
        <ActionButton className={form.primary} pending={change.isPending} onClick={() => act('renew', 'A new calendar address was made')}>
          {feed.data?.url ? 'Renew address' : 'Make an address'}
        </ActionButton>
        {feed.data?.url ? (
          <ActionButton
            className={form.secondary}
            pending={change.isPending}
            onClick={() => act('revoke', 'The calendar address was revoked')}
          >
            Revoke
          </ActionButton>
        ) : null}
      </div>
    </section>
  );
}
