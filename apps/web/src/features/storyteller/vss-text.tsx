// A style sheet's text as its storyteller wrote it, shown inert (DESIGN §4, decisions "VSS text"): plain text
// that React escapes, so markup in it is shown, never run, fetched or styled; its box keeps it in.
import styles from './storyteller.module.css';

export function VssText({ text }: { text: string }) {
  return (
    <div className={styles.vssText} data-testid="vss-text">
      {text || <span className={styles.muted}>No style text yet.</span>}
    </div>
  );
}
