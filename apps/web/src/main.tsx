import 'react-toastify/dist/ReactToastify.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { readStoredToken } from './lib/api-client';

// Signed in: the page's chunks download while the member's record loads (signed out, /login needs none of them).
if (readStoredToken() || window.location.pathname === '/login') preloadPage(window.location.pathname);

// Installable, and the shell and the check-in page open without a connection (public/sw.js, issue 28). Only the
// built portal registers it: the dev server's modules are not hashed assets.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
