// A confirmation for destructive actions (a prestige entry's delete), keyboard and screen-reader friendly.
import type { ReactNode } from 'react';
import { ActionButton } from './action-button';
import form from './form.module.css';
import { DialogClose, SimpleDialog } from './simple-dialog';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  /** The request; when it answers a promise, Confirm stays disabled until it settles. */
  onConfirm: () => unknown;
  onOpenChange: (open: boolean) => void;
  /** What the action would touch, shown above the buttons (an erasure's preview). */
  children?: ReactNode;
}) {
  return (
    <SimpleDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      {props.children}
      <div className={form.actions}>
        <DialogClose asChild>
          <button type="button" className={form.secondary}>
            Cancel
          </button>
        </DialogClose>
        <ActionButton className={form.danger} onClick={props.onConfirm} pending={props.busy}>
          {props.confirmLabel}
        </ActionButton>
      </div>
    </SimpleDialog>
  );
}
