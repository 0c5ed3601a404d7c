// SPEC §2 Shell: fixed left navigation, fixed header with the notification icon, and the content area.
// Below 768 px the navigation is a menu the header opens.
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useDomains } from '../../lib/queries';
import { Header } from './header';
import styles from './shell.module.css';
import { Sidebar } from './sidebar';

export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { userError } = useAuth();
  // SPEC §4: the domains are fetched once the member is authenticated.
  useDomains();
  // The menu is open for the page it was opened on: moving to another page closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenAt(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#content">
        Skip to content
      </a>
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen ? (
        <button type="button" aria-label="Close menu" tabIndex={-1} className={styles.scrim} onClick={() => setMenuOpen(false)} />
      ) : null}
      <main id="content" className={styles.content} tabIndex={-1}>
        {userError ? (
          <p role="alert" className={styles.banner}>
            Your membership record could not be loaded. {userError.message}
          </p>
        ) : null}
        <Suspense fallback={<p className={styles.pageLoading}>Loading…</p>}>{children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
