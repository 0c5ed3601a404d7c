// A side panel (SPEC §2 Add Character, Add Approval, Add Application): a Radix dialog shown as a sheet from the
// right — focus moves into it and stays there, Escape or × closes it and focus returns to what opened it — and
// the whole width on a phone. Its content is usually a form of the form kit (FormDialog with `panel`).
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import modal from './modal-route.module.css';
import styles from './side-panel.module.css';

export function SidePanel(props: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  // What had focus when the panel opened (its trigger, or a button that opens it from outside, e.g. Add
  // Approval): focus goes back there when it closes.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={styles.overlay} />
      <Dialog.Content
        className={styles.panel}
        {...(props.description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <div className={modal.header}>
          <Dialog.Title className={modal.title}>{props.title}</Dialog.Title>
          <Dialog.Close className={modal.close} aria-label="Close">
            ×
          </Dialog.Close>
        </div>
        {props.description ? <Dialog.Description className={styles.description}>{props.description}</Dialog.Description> : null}
        <div className={styles.body}>{props.children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** The scrolling part and the foot of a side panel's form. */
export const sidePanelParts = { fields: styles.fields, footer: styles.footer };
