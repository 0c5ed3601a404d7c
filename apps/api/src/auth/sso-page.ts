// The embedded provider's sign-in page: plain HTML, no script, every interpolated value escaped.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The provider pages' document head: no referrer, the shared style sheet. */
const pageHead = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Guildhall</title>
<link rel="stylesheet" href="/interaction-assets/sso.css">
</head>`;

export function signInPage(opts: { action: string; email?: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert" id="signin-error">${escapeHtml(opts.error)}</p>` : '';
  return `${pageHead('Sign in')}
<body>
<main class="card">
  <img src="/favicon.svg" alt="" width="48" height="48" class="logo">
  <h1>Guildhall sign-in</h1>
  <p class="lead">Sign in with your society account to continue to the members' portal.</p>
  ${error}
  <form method="post" action="${escapeHtml(opts.action)}" novalidate>
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? '')}"${opts.error ? ' aria-describedby="signin-error"' : ''}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>
  <p class="aside"><a href="/forgot-password">Forgot password?</a></p>
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Guildhall</title><link rel="stylesheet" href="/interaction-assets/sso.css"></head>
<body><main class="card"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/login">Back to the portal</a></p></main></body></html>`;
}

/**
 * The provider's RP-initiated logout page: oidc-provider's confirmation form with `logout=yes`, so the provider's
 * whole session ends. The portal's own Logout (which names its ID token, `sent`) has it sent at once by a same-origin
 * script (the CSP allows no inline script); any other page that opens this one gets the button only, so another
 * site cannot sign a member out unasked.
 */
export function signOutPage(form: string, sent: boolean): string {
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Signing out · Guildhall</title>
<link rel="stylesheet" href="/interaction-assets/sso.css">
${sent ? '<script src="/interaction-assets/sign-out.js" defer></script>' : ''}
</head>
<body>
<main class="card">
  <h1>Signing out</h1>
  <p class="lead">${sent ? 'Signing you out of the society sign-in…' : 'Sign out of the society sign-in?'}</p>
  ${withLogout}
  <button type="submit" form="op.logoutForm">Sign out</button>
</main>
</body>
</html>`;
}

export const SIGN_OUT_JS = "document.getElementById('op.logoutForm').submit();\n";

// The portal's Login card (apps/web/src/features/auth/auth.module.css): the same backdrop, card, logo, type and
// button, so a member moving from the portal to the sign-in page and back sees one place.
export const SSO_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;background:radial-gradient(circle at 20% 10%,#5b2a50 0,#2a1326 60%);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f1b1d}
.card{width:min(100%,380px);background:#fff;border-radius:14px;box-shadow:0 20px 50px rgb(0 0 0 / .3);padding:32px 28px}
.logo{display:block;margin:0 auto}
h1{font-size:1.6rem;margin:8px 0 4px;text-align:center}
.lead{margin:0 0 24px;color:#625a5f;text-align:center}
label{display:block;font-weight:600;font-size:.9rem;margin:.75rem 0 .25rem}
input{width:100%;min-height:40px;padding:8px 10px;border:1px solid #c9c2bb;border-radius:8px;font:inherit;background:#fff}
input:focus-visible{outline:3px solid #4c8dff;outline-offset:1px}
button{margin-top:1.5rem;width:100%;padding:12px 16px;border:0;border-radius:8px;background:#6b2d5c;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#521f46}
button:focus-visible{outline:3px solid #4c8dff;outline-offset:2px}
.error{background:#fdecea;color:#a4262c;border-radius:8px;padding:.6rem .75rem;margin:0 0 .5rem}
a{color:#6b2d5c}
.aside{margin:1rem 0 0;text-align:center}
`;

/** The one-time page a new member sets their password on (issue 13): plain HTML, no script. */
export function setPasswordPage(opts: { action: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert" id="set-password-error">${escapeHtml(opts.error)}</p>` : '';
  const describedBy = opts.error ? ' aria-describedby="set-password-error"' : '';
  return `${pageHead('Set your password')}
<body>
<main class="card">
  <img src="/favicon.svg" alt="" width="48" height="48" class="logo">
  <h1>Set your password</h1>
  <p class="lead">Choose the password you will sign in to the members' portal with. At least 8 characters; a long phrase is best.</p>
  ${error}
  <form method="post" action="${escapeHtml(opts.action)}" novalidate>
    <label for="password">New password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required autofocus${describedBy}>
    <label for="confirm">Repeat the new password</label>
    <input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
    <button type="submit">Set password</button>
  </form>
</main>
</body>
</html>`;
}

/** After the password is set: the way to the portal's Login card. */
export function passwordSetPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Password set · Guildhall</title><link rel="stylesheet" href="/interaction-assets/sso.css"></head>
<body><main class="card"><h1>Password set</h1><p role="status">Your password is set. Sign in to the portal with your email and this password.</p><p><a href="/login">Go to the portal</a></p></main></body></html>`;
}

/** Issue 23: "Forgot password?" — the member asks for a reset link with their email. Plain HTML, no script. */
export function forgotPasswordPage(opts: { email?: string; error?: string } = {}): string {
  const error = opts.error ? `<p class="error" role="alert" id="forgot-error">${escapeHtml(opts.error)}</p>` : '';
  return `${pageHead('Forgot password')}
<body>
<main class="card">
  <img src="/favicon.svg" alt="" width="48" height="48" class="logo">
  <h1>Forgot password?</h1>
  <p class="lead">Enter the email address of your society account. If it belongs to a member, a link to set a new password is sent; it works once, for an hour.</p>
  ${error}
  <form method="post" action="/forgot-password" novalidate>
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? '')}"${opts.error ? ' aria-describedby="forgot-error"' : ''}>
    <button type="submit">Send the link</button>
  </form>
  <p class="aside"><a href="/login">Back to the portal</a></p>
</main>
</body>
</html>`;
}

/** The one answer to every reset request, whether or not the address is known. */
export function resetRequestedPage(): string {
  return `${pageHead('Check your messages')}
<body>
<main class="card">
  <h1>Check your messages</h1>
  <p role="status">If an account uses this address, a link to set a new password is on its way. It works once, for an hour. No link? Ask an administrator.</p>
  <p class="aside"><a href="/login">Back to the portal</a></p>
</main>
</body>
</html>`;
}
