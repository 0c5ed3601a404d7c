// PKCE (S256) and state for the authorization request (DESIGN §4), kept in sessionStorage for the callback.

const STORAGE_KEY = 'guildhall.signin';

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
}

function randomString(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(data);
}

function base64Url(data: Uint8Array): string {
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** A return-to target is only ever a path on this site. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/oauth/')) return '/';
  return value;
}

export async function beginSignIn(opts: {
  authorizationEndpoint: string;
  clientId: string;
  scope: string;
  returnTo: string;
}): Promise<string> {
  const pending: PendingSignIn = {
    state: randomString(),
    codeVerifier: randomString(48),
    redirectUri: `${window.location.origin}/oauth/callback`,
    returnTo: safeReturnTo(opts.returnTo),
  };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  const url = new URL(opts.authorizationEndpoint, window.location.origin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', opts.clientId);
  url.searchParams.set('redirect_uri', pending.redirectUri);
  url.searchParams.set('scope', opts.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await codeChallenge(pending.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  // A device at a game is often shared: every sign-in asks for the password again.
  url.searchParams.set('prompt', 'login');
  return url.toString();
}

/** The pending sign-in, consumed: a callback can be used once. */
export function takePendingSignIn(): PendingSignIn | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return null;
  }
}
