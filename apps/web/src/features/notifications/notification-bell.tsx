// The header's notification icon: the unread count, and a list that marks what it shows as read, with a
// 'Mark all as read' for the ones beyond it.
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Link } from 'react-router';
import iconButton from '../../components/icon-button.module.css';
import popup from '../../components/popup.module.css';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { useMarkNotificationsRead, useNotifications } from './api';
import styles from './notifications.module.css';

export function NotificationBell() {
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications(Boolean(token));
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    const ids = notifications.data?.rows.filter((n) => !n.read_at).map((n) => n.id) ?? [];
    if (next && ids.length > 0) markRead.mutate(ids);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={iconButton.iconButton}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
          </svg>
          {unread > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={popup.popup} align="end" sideOffset={8} collisionPadding={8} aria-label="Notifications">
          <div className={styles.header}>
            <h2 className={styles.title}>Notifications</h2>
            {notifications.data && notifications.data.rows.length > 0 ? (
              <button
                type="button"
                className={styles.markAll}
                disabled={markAll.isPending || unread === 0}
                aria-busy={markAll.isPending}
                onClick={() => markAll.mutate('all')}
              >
                Mark all as read
              </button>
            ) : null}
          </div>
          {markAll.isError ? <p role="alert">{markAll.error.message}</p> : null}
          {notifications.isError ? <p role="alert">{notifications.error.message}</p> : null}
          {notifications.isPending && !notifications.isError ? (
            <p className={styles.empty} aria-busy="true">
              Loading…
            </p>
          ) : null}
          {notifications.data && notifications.data.rows.length === 0 ? <p className={styles.empty}>No result</p> : null}
          <ul className={styles.list}>
            {notifications.data?.rows.map((n) => (
              <li key={n.id} data-unread={!n.read_at}>
                {n.link ? (
                  <Link to={n.link} onClick={() => setOpen(false)}>
                    {n.message}
                  </Link>
                ) : (
                  <span>{n.message}</span>
                )}
                <time dateTime={n.created_at}>{formatDate(n.created_at)}</time>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
