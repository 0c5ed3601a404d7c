// A plain dialog (title, description, content, a footer of buttons) for what is not one form of the form kit:
// a link to hand over, a history to read, a choice made with a search.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

export function SimpleDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          <Dialog.Description>{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's closing button (Cancel, Close, Done). */
export const DialogClose = Dialog.Close;
