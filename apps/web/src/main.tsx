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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
