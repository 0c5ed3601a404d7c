// A detail shown as a full-screen modal over its list (SPEC §2 character and approval details), driven by the
// route: a deep link or a reload opens it; Escape and the close button go back to `closeTo` and return focus
// to what opened it (the row's link), or to the list when it was opened by a deep link.
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useNavigate } from 'react-router';
import styles from './modal-route.module.css';

export function ModalRoute({ title, closeTo, children }: { title: ReactNode; closeTo: string; children: ReactNode }) {
  const navigate = useNavigate();
  // What had focus when the modal opened; the list stays mounted under it, so the element is still there.
  const opener = useRef<HTMLElement | null>(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(closeTo))}>
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
