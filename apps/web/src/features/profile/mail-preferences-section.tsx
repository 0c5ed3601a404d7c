// Issue 25: the member chooses, per kind of message, e-mail at once, in a daily digest, or none (notices in the
// portal are always shown), and sees when their address is marked as bouncing — and can say it works again.
import { MAIL_DELIVERIES, MAIL_KIND_LABELS, type MailPreferences, mailPreferencesUpdateSchema } from '@guildhall/shared/schemas/mail';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { toast } from '../../lib/toast';
import { useConfirmMailAddress, useMailPreferences, useSaveMailPreferences } from './api';
import styles from './profile.module.css';

const DELIVERY_LABELS: Record<(typeof MAIL_DELIVERIES)[number], string> = {
  immediately: 'At once',
  digest: 'Daily digest',
  never: 'No e-mail',
};

export function MailPreferencesSection({ userId }: { userId: number }) {
  const preferences = useMailPreferences(userId);
  return (
    <section className={styles.card} aria-labelledby="mail-preferences">
      <div className={styles.cardHeader}>
        <h2 id="mail-preferences">E-mail</h2>
      </div>
      {preferences.isPending ? (
        <p aria-busy="true">Loading your e-mail settings…</p>
      ) : preferences.isError ? (
        <p role="alert">Your e-mail settings could not be loaded. {preferences.error.message}</p>
      ) : (
        <>
          {preferences.data.bouncing ? <BouncingNotice userId={userId} email={preferences.data.email} /> : null}
          <MailPreferencesForm userId={userId} current={preferences.data} />
        </>
      )}
    </section>
  );
}

function BouncingNotice({ userId, email }: { userId: number; email: string | null }) {
  const confirm = useConfirmMailAddress(userId);
  return (
    <div role="status" className={styles.warning}>
      <p>
        E-mails to {email ?? 'your address'} keep being refused, so none are sent there. Change your e-mail in Membership information, or,
        if the address works again, confirm it.
      </p>
      <button
        type="button"
        className={form.secondary}
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: () => toast.success('Your address is confirmed; e-mails will be sent to it again.'),
            onError: () => toast.error('Failed to confirm your address'),
          })
        }
      >
        {confirm.isPending ? 'Confirming…' : 'My address works'}
      </button>
    </div>
  );
}

function MailPreferencesForm({ userId, current }: { userId: number; current: MailPreferences }) {
  const save = useSaveMailPreferences(userId);
  const methods = useApiForm({
    schema: mailPreferencesUpdateSchema,
    defaultValues: { preferences: current.preferences },
    submit: (values) => save.mutateAsync(values.preferences),
    success: 'E-mail settings saved',
    failure: 'Failed to save the e-mail settings',
  });
  return (
    <form onSubmit={methods.onSubmit} noValidate>
      <p className={styles.hint}>Notices in the portal are always shown; this decides only what is also sent by e-mail.</p>
      <div className={styles.facts}>
        {current.preferences.map((p, i) => (
          <div key={p.kind}>
            <label htmlFor={`mail-${p.kind}`}>{MAIL_KIND_LABELS[p.kind]}</label>
            <select id={`mail-${p.kind}`} defaultValue={p.delivery} {...methods.register(`preferences.${i}.delivery`)}>
              {MAIL_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {DELIVERY_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className={styles.hint}>Messages about your account (setting or resetting your password) are always sent.</p>
      <SubmitButton busy={methods.busy} label="Save e-mail settings" busyLabel="Saving…" />
    </form>
  );
}
