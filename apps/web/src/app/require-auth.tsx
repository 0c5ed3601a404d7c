// SPEC §2/§4: every route but the login and the callback needs a stored token; nothing renders while the
// member is loading. A signed-out visitor goes to /login and comes back to the page asked for — except after
// Logout, which lands on plain /login so the next person at the device does not open the previous member's page.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';

export function RequireAuth() {
  const { token, isLoading, signedOut, signingOut } = useAuth();
  const location = useLocation();
  if (!token && signedOut) return <Navigate to="/login" replace />;
  // Logout under way: the member's page is gone at once, so nothing on it asks the API again.
  if (signingOut) return null;
  if (!token) {
    const returnTo = `${location.pathname}${location.search}`;
    const query = returnTo && returnTo !== '/' ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    return <Navigate to={`/login${query}`} replace />;
  }
  if (isLoading) return null;
  return <Outlet />;
}
