// SPEC §2 Password Change, with DESIGN §7: the heading 'Password reset' and a real change of the embedded SSO
// password; the rules of DESIGN §4 shown while the member types. The guessability dictionaries (a large chunk)
// load after the form is usable: until then the length rules show, and a submit waits for them.
import { type GuessabilityScore, judgePassword } from '@guildhall/shared/rules/password';
import { type PasswordChange, passwordChangeSchema } from '@guildhall/shared/schemas/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { useInFlight } from '../../components/action-button';
import { Field } from '../../components/field';
import { SubmitButton } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { ApiError } from '../../lib/api-client';
import { applyApiErrors } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { authConfigQuery } from '../../lib/queries';
import { useChangePassword } from './api';
import styles from './utilities.module.css';

const STRENGTH = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

let estimator: Promise<GuessabilityScore> | undefined;
const loadEstimator = () => {
  estimator ??= import('@guildhall/shared/rules/password-strength').then((m) => m.zxcvbnScore);
  return estimator;
};

/** The guessability estimator, fetched once the page has rendered; undefined until it arrives. */
function useGuessability(): GuessabilityScore | undefined {
  const [score, setScore] = useState<{ fn: GuessabilityScore }>();
  useEffect(() => {
    let live = true;
    void loadEstimator().then((fn) => live && setScore({ fn }));
    return () => {
      live = false;
    };
  }, []);
  return score?.fn;
}

export function PasswordResetPage() {
  const { user } = useAuth();
  const config = useQuery(authConfigQuery());
  const change = useChangePassword();
  const score = useGuessability();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const candidate = watch('newPassword');
  const personal = [user?.user_fname, user?.user_lname, user?.user_nick, user?.tbl_user_email?.email?.split('@')[0]].filter(
    (v): v is string => Boolean(v),
  );
  const strength = candidate ? judgePassword(candidate, personal, score) : null;

  // One change at a time from the first click: the wait for the dictionaries counts as sending (issue 23).
  const inFlight = useInFlight();
  const send = handleSubmit(async (values) => {
    const verdict = judgePassword(values.newPassword, personal, score ?? (await loadEstimator()));
    if (!verdict.acceptable) {
      setError('newPassword', { message: verdict.problems[0] });
      return;
    }
    try {
      await change.mutateAsync(values);
      toast.success('Your password was changed');
      reset();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to change the password');
      applyApiErrors(error, setError);
    }
  });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void inFlight.run(() => send(event));
  };

  return (
    <div className={styles.narrow}>
      <h2>Password reset</h2>
      {config.data?.external ? (
        <p>
          Your password is managed by the society's sign-in provider. Change it at{' '}
          <a href={new URL(config.data.authorizationEndpoint).origin} rel="noopener noreferrer">
            {new URL(config.data.authorizationEndpoint).host}
          </a>
          ; the portal uses the new one at your next sign-in.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Change password">
          <Field label="Current password" error={errors.currentPassword?.message}>
            <input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </Field>
          <Field
            label="New password"
            error={errors.newPassword?.message}
            hint="At least 8 characters; 15 or more recommended. A few unrelated words make a strong password."
          >
            <input type="password" autoComplete="new-password" {...register('newPassword')} />
          </Field>
          {strength ? (
            <div className={styles.meter} aria-live="polite">
              <meter min={0} max={4} low={2} high={3} optimum={4} value={strength.score ?? 0} aria-label="Password strength" />
              <span>{strength.score === null ? 'Checking…' : STRENGTH[strength.score]}</span>
              <ul>
                {/* A problem already shown as the field's message is not repeated here. */}
                {[...strength.problems.filter((line) => line !== errors.newPassword?.message), ...strength.advice].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Field label="Confirm new password" error={errors.confirmPassword?.message}>
            <input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </Field>
          <div className={form.actions}>
            <SubmitButton busy={inFlight.busy || change.isPending} label="Change password" busyLabel="Changing…" />
          </div>
        </form>
      )}
    </div>
  );
}
