// The embedded provider's sign-in page: plain HTML, no script, every interpolated value escaped.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function signInPage(opts: { action: string; email?: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert" id="signin-error">${escapeHtml(opts.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Sign in · Guildhall</title>
<link rel="stylesheet" href="/interaction-assets/sso.css">
</head>
<body>
<main class="card">
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
 * The provider's RP-initiated logout page: oidc-provider's confirmation form, sent at once by a same-origin
 * script (the CSP allows no inline script) with `logout=yes`, so the provider's whole session ends; without
 * script the member presses the button.
 */
export function signOutPage(form: string): string {
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Signing out · Guildhall</title>
<link rel="stylesheet" href="/interaction-assets/sso.css">
<script src="/interaction-assets/sign-out.js" defer></script>
</head>
<body>
<main class="card">
  <h1>Signing out</h1>
  <p class="lead">Signing you out of the society sign-in…</p>
  ${withLogout}
  <button type="submit" form="op.logoutForm">Sign out</button>
</main>
</body>
</html>`;
}

export const SIGN_OUT_JS = "document.getElementById('op.logoutForm').submit();\n";

export const SSO_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f1ec;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1d1a}
.card{width:min(92vw,380px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:28px}
h1{font-size:1.4rem;margin:0 0 .25rem}
.lead{margin:0 0 1rem;color:#5b5750;font-size:.95rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;padding:.65rem .75rem;border:1px solid #c9c4ba;border-radius:8px;font:inherit}
input:focus{outline:3px solid #a8c5ff;border-color:#3b63c4}
button{margin-top:1.25rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:#6b2d5c;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #a8c5ff;outline-offset:2px}
.error{background:#fde8e8;color:#8a1c1c;border-radius:8px;padding:.6rem .75rem;margin:0 0 .5rem}
`;
