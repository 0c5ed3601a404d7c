// One section of Administration › Locations and lists: its heading, the action beside it, then its content.
import styles from '../../components/member-list.module.css';

export function ListSection({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
