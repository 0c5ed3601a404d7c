// SPEC §2 Profile: the membership information card, with an edit toggle that opens a 330 px popup form; below it
// the member's e-mail settings (issue 25).
import { joinAddress } from '@guildhall/shared/rules/address';
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import form from '../../components/form.module.css';
import { navIcons } from '../../components/nav-icons';
import popup from '../../components/popup.module.css';
import { SectionPage } from '../../components/section-page';
import { useAuth } from '../../lib/auth';
import { CalendarFeed } from './calendar-feed';
import { MailPreferencesSection } from './mail-preferences-section';
import { MyData } from './my-data';
import { ProfileForm } from './profile-form';
import styles from './profile.module.css';
import { formatDate } from '../../lib/format';

export function ProfilePage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  return (
    <SectionPage heading="PROFILE" icon={navIcons('profile').active}>
      {user ? (
        <div className={styles.stack}>
          <section className={styles.card} aria-labelledby="membership-information">
            <div className={styles.cardHeader}>
              <h2 id="membership-information">Membership information</h2>
              <Popover.Root open={editing} onOpenChange={setEditing}>
                <Popover.Trigger asChild>
                  <button type="button" className={form.secondary} aria-pressed={editing}>
                    {editing ? 'Close editor' : 'Edit'}
                  </button>
                </Popover.Trigger>
                <Popover.Portal>
                  <Popover.Content
                    className={`${popup.popup} ${popup.narrow}`}
                    align="end"
                    sideOffset={8}
                    collisionPadding={8}
                    aria-label="Edit profile"
                    // A click or tap beside the popup must not throw the typed edits away: it closes only through
                    // its toggle, Cancel or Escape.
                    onInteractOutside={(event) => event.preventDefault()}
                  >
                    <h3 className={styles.popupTitle}>Edit profile</h3>
                    <ProfileForm user={user} onDone={() => setEditing(false)} />
                  </Popover.Content>
                </Popover.Portal>
              </Popover.Root>
            </div>
            <dl className={styles.facts}>
              {(
                [
                  ['Preferred name', user.user_nick],
                  ['Pronouns', user.user_prefix],
                  ['Birthday', user.user_bday ? formatDate(user.user_bday) : null],
                  ['Email', user.tbl_user_email?.email],
                  ['Phone', user.tbl_user_phone?.phone_number],
                  ['Address', joinAddress(user.tbl_user_address)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </section>
          <MailPreferencesSection userId={user.id_user} />
        </div>
      ) : null}
      {user ? <CalendarFeed /> : null}
      {user ? <MyData userId={user.id_user} /> : null}
    </SectionPage>
  );
}
