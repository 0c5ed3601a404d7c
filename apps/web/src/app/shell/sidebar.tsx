import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { isNavItemActive, LOGOUT_ICONS, NAV_ITEMS } from './nav-items';
import styles from './shell.module.css';

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { logout } = useAuth();
  return (
    <nav id="main-navigation" className={styles.sidebar} data-open={open} aria-label="Main navigation">
      <Link to="/overview" className={styles.brand} onClick={onNavigate}>
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>Guildhall</span>
      </Link>
      <ul className={styles.navList}>
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item.slug, pathname);
          return (
            <li key={item.name}>
              <Link
                to={item.slug}
                className={styles.navItem}
                data-active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                <span className={styles.navIcon}>
                  <span data-icon="normal">{item.icons.normal}</span>
                  <span data-icon="hover">{item.icons.hover}</span>
                  <span data-icon="active">{item.icons.active}</span>
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${styles.navItem} ${styles.logout}`} onClick={() => void logout()}>
        <span className={styles.navIcon}>
          <span data-icon="normal">{LOGOUT_ICONS.normal}</span>
          <span data-icon="hover">{LOGOUT_ICONS.hover}</span>
          <span data-icon="active">{LOGOUT_ICONS.active}</span>
        </span>
        Logout
      </button>
    </nav>
  );
}
