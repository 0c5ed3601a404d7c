// Tabs that follow the current path (SPEC §2): the active one is the tab whose path the location is in,
// else the first; a disabled tab ignores clicks. On a narrow screen the row scrolls sideways: a fade with an
// arrow at each edge shows there is more, and the active tab is scrolled into view.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
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

/** Whether the row hides tabs before or after what is shown. */
function useOverflow(row: RefObject<HTMLElement | null>) {
  const [overflow, setOverflow] = useState({ start: false, end: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [row]);
  return overflow;
}

export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const { pathname } = useLocation();
  const active = activeTabIndex(tabs, pathname);
  const row = useRef<HTMLElement>(null);
  const overflow = useOverflow(row);

  useLayoutEffect(() => {
    const element = row.current;
    const tab = element?.children[active] as HTMLElement | undefined;
    if (!element || !tab || element.scrollWidth <= element.clientWidth) return;
    // Centre the active tab in the row, without scrolling the page.
    element.scrollLeft = tab.offsetLeft - element.offsetLeft - (element.clientWidth - tab.offsetWidth) / 2;
  }, [active]);

  return (
    <div className={styles.frame} data-overflow-start={overflow.start} data-overflow-end={overflow.end}>
      <nav ref={row} className={styles.tabs} aria-label={label}>
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
      <span className={styles.more} data-edge="start" data-testid="tabs-more-before" aria-hidden="true" hidden={!overflow.start}>
        ‹
      </span>
      <span className={styles.more} data-edge="end" data-testid="tabs-more-after" aria-hidden="true" hidden={!overflow.end}>
        ›
      </span>
    </div>
  );
}
