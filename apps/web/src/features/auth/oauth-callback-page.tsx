// SPEC §2 OAuth callback: exchange the code for a session token and show 'Logging in...'; on failure show the
// server's message or 'Login failed. Please try again.' and go back to /login after 2 seconds.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { takePendingSignIn } from '../../lib/pkce';
import { exchangeCode } from './api';
import styles from './auth.module.css';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';
export const CALLBACK_REDIRECT_DELAY_MS = 2000;

export function OAuthCallbackPage() {
  const navigate = useNavigate();
  const { loginWithToken } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    // The code is single-use and secret: keep it out of history and of any later referrer.
    window.history.replaceState(null, '', '/oauth/callback');
    const pending = takePendingSignIn();
    const code = params.get('code');
    const state = params.get('state');
    const run = async () => {
      // The address's own error_description is anyone's text (a crafted link): the page says only SPEC's words.
      if (params.get('error')) throw new ApiError(400, LOGIN_FAILED_MESSAGE);
      if (!code || !pending || state !== pending.state) throw new ApiError(400, LOGIN_FAILED_MESSAGE);
      const token = await exchangeCode({
        code,
        state: state ?? undefined,
        iss: params.get('iss') ?? undefined,
        codeVerifier: pending.codeVerifier,
        redirectUri: pending.redirectUri,
      });
      loginWithToken(token);
      navigate(pending.returnTo, { replace: true });
    };
    run().catch((error: unknown) => {
      setFailure(error instanceof ApiError && error.message ? error.message : LOGIN_FAILED_MESSAGE);
    });
  }, [loginWithToken, navigate]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), CALLBACK_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate]);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {failure ? (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        ) : (
          <p>Logging in...</p>
        )}
      </section>
    </main>
  );
}
