import { fullName } from '@guildhall/shared/rules/person-name';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useAuth } from '../../lib/auth';
import iconButton from '../../components/icon-button.module.css';
import styles from './shell.module.css';

export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { user } = useAuth();
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={`${iconButton.iconButton} ${styles.menuButton}`}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="main-navigation"
        onClick={onToggleMenu}
      >
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <span className={styles.headerTitle}>Guildhall</span>
      <div className={styles.headerEnd}>
        {user ? <span className={styles.headerUser}>{user.user_nick || fullName(user)}</span> : null}
        <NotificationBell />
      </div>
    </header>
  );
}
