// A section page: its heading and icon (SPEC §2 'Section pages and tabs'), optional tabs, then its content.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { type RouteTab, RouteTabs } from './route-tabs';
import styles from './section-page.module.css';

export function SectionPage({
  heading,
  icon,
  tabs,
  children,
}: {
  heading: string;
  icon?: ReactNode;
  tabs?: readonly RouteTab[];
  children?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby="section-heading">
      <div className={styles.headingRow}>
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <h1 id="section-heading" className={styles.heading}>
          {heading}
        </h1>
      </div>
      {tabs ? <RouteTabs tabs={tabs} label={`${heading} tabs`} /> : null}
      <div className={styles.body}>{children ?? <Outlet />}</div>
    </section>
  );
}
