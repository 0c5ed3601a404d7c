// A confirmation for destructive actions (a prestige entry's delete), keyboard and screen-reader friendly.
import form from './form.module.css';
import { DialogClose, SimpleDialog } from './simple-dialog';

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
    <SimpleDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      <div className={form.actions}>
        <DialogClose asChild>
          <button type="button" className={form.secondary}>
            Cancel
          </button>
        </DialogClose>
        <button type="button" className={form.danger} onClick={props.onConfirm} disabled={props.busy} aria-busy={props.busy}>
          {props.confirmLabel}
        </button>
      </div>
    </SimpleDialog>
  );
}
