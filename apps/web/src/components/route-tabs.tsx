// Tabs that follow the current path (SPEC §2): the active one is the tab whose path the location is in,
// else the first; a disabled tab ignores clicks.
import { Link, useLocation } from 'react-router';
import styles from './route-tabs.module.css';

export interface RouteTab {
  label: string;
  path: string;
  disabled?: boolean;
}

export function activeTabIndex(tabs: readonly RouteTab[], pathname: string): number {
  const found = tabs.findIndex((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  if (found >= 0) return found;
  const firstEnabled = tabs.findIndex((tab) => !tab.disabled);
  return Math.max(firstEnabled, 0);
}

export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const { pathname } = useLocation();
  const active = activeTabIndex(tabs, pathname);
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab, index) =>
        tab.disabled ? (
          <span key={tab.path} className={styles.tab} aria-disabled="true" data-disabled="true">
            {tab.label}
          </span>
        ) : (
          <Link
            key={tab.path}
            to={tab.path}
            className={styles.tab}
            data-active={index === active}
            aria-current={index === active ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ),
      )}
    </nav>
  );
}
