// SPEC §2 Login: a centred card headed Login with the button 'Login with Portal' — or 'Signing out…' while a
// logout is on its way to the provider's end-session endpoint (issue 23).
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { authConfigQuery } from '../../lib/queries';
import { beginSignIn, safeReturnTo } from '../../lib/pkce';
import styles from './auth.module.css';

export function LoginPage() {
  const { token, signingOut } = useAuth();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const queryClient = useQueryClient();
  if (token) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  if (signingOut) {
    return (
      <LoginCard heading="Signing out…">
        <p className={styles.lead} role="status">
          Ending your session at the sign-in provider.
        </p>
      </LoginCard>
    );
  }

  const signIn = async () => {
    setLoading(true);
    try {
      const config = await queryClient.fetchQuery(authConfigQuery());
      window.location.assign(await beginSignIn({ ...config, returnTo: params.get('returnTo') ?? '/' }));
    } catch (error) {
      setLoading(false);
      toast.error(error instanceof ApiError && error.message ? error.message : 'Something went wrong.');
    }
  };

  return (
    <LoginCard heading="Login">
      <p className={styles.lead}>Guildhall, the members' portal of the society.</p>
      <button type="button" className={styles.button} onClick={() => void signIn()} disabled={loading} aria-busy={loading}>
        {loading ? 'Redirecting…' : 'Login with Portal'}
      </button>
    </LoginCard>
  );
}

function LoginCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <img src="/favicon.svg" alt="" width="48" height="48" className={styles.logo} />
        <h1 id="login-heading">{heading}</h1>
        {children}
      </section>
    </main>
  );
}
