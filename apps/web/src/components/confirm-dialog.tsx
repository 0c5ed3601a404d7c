// A confirmation for destructive actions (a prestige entry's delete), keyboard and screen-reader friendly.
import * as Dialog from '@radix-ui/react-dialog';
import styles from './dialog.module.css';
import form from './form.module.css';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          <Dialog.Description>{props.description}</Dialog.Description>
          <div className={form.actions}>
            <Dialog.Close asChild>
              <button type="button" className={form.secondary}>
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className={form.danger} onClick={props.onConfirm} disabled={props.busy} aria-busy={props.busy}>
              {props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
