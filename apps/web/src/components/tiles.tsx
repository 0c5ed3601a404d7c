import styles from './tiles.module.css';

/** A panel of figure tiles (SPEC §2 Overview panels). */
export function TilePanel({
  headingId,
  headings,
  tiles,
  busy = false,
}: {
  headingId: string;
  /** The figures are still loading. */
  busy?: boolean;
  headings: string[];
  tiles: { label: string; value: number | string }[];
}) {
  return (
    <section className={styles.panel} aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className={styles.headings}>
        {headings.map((heading, i) => (
          <h2 key={heading} id={i === 0 ? headingId : undefined} className={i === 0 ? styles.heading : styles.subheading}>
            {heading}
          </h2>
        ))}
      </div>
      <dl className={styles.tiles}>
        {tiles.map((tile) => (
          <div key={tile.label} className={styles.tile}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
