// A detail shown as a full-screen modal over its list (SPEC §2 character and approval details), driven by the
// route: a deep link or a reload opens it; Escape and the close button go back to `closeTo` and return focus
// to what opened it (the row's link), or to the list when it was opened by a deep link. Closing adds no history
// entry: opened from the list (`state: modalFromList`), it steps back to the list's own entry, so Back afterwards
// leaves the list instead of reopening the modal; opened by a deep link, it replaces itself with `closeTo`.
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import styles from './modal-route.module.css';

/** The navigation state of a link or row that opens a ModalRoute over its list. */
export const modalFromList = { fromList: true } as const;

/** How many entries to step back to the list, or null when the modal was not opened from it (a deep link). */
function useStepsBackToList(): () => number | null {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The entries the modal pushed itself (its sections' paging) since it opened, followed as they come and go.
  const seen = useRef({ fromList: Boolean((location.state as { fromList?: boolean } | null)?.fromList), key: location.key, pushed: 0 });
  useEffect(() => {
    const now = seen.current;
    if (now.key === location.key) return;
    now.key = location.key;
    if (navigationType === 'PUSH') now.pushed += 1;
    else if (navigationType === 'POP') now.pushed = Math.max(0, now.pushed - 1);
  }, [location.key, navigationType]);
  return () => (seen.current.fromList ? seen.current.pushed + 1 : null);
}

export function ModalRoute({ title, closeTo, children }: { title: ReactNode; closeTo: string; children: ReactNode }) {
  const navigate = useNavigate();
  const stepsBack = useStepsBackToList();
  const close = () => {
    const steps = stepsBack();
    if (steps === null) void navigate(closeTo, { replace: true });
    else void navigate(-steps);
  };
  // What had focus when the modal opened; the list stays mounted under it, so the element is still there.
  const opener = useRef<HTMLElement | null>(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target =
              opener.current?.isConnected && opener.current !== document.body ? opener.current : document.querySelector('main');
            (target as HTMLElement | null)?.focus();
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
