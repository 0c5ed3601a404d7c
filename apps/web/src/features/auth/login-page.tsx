// SPEC §2 Login: a centred card headed Login with the button 'Login with Portal'.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { authConfigQuery } from '../../lib/queries';
import { beginSignIn, safeReturnTo } from '../../lib/pkce';
import styles from './auth.module.css';

export function LoginPage() {
  const { token } = useAuth();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const queryClient = useQueryClient();
  if (token) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;

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
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <img src="/favicon.svg" alt="" width="48" height="48" className={styles.logo} />
        <h1 id="login-heading">Login</h1>
        <p className={styles.lead}>Guildhall, the members' portal of the society.</p>
        <button type="button" className={styles.button} onClick={() => void signIn()} disabled={loading} aria-busy={loading}>
          {loading ? 'Redirecting…' : 'Login with Portal'}
        </button>
      </section>
    </main>
  );
}
