import { useAuth } from '../lib/auth';
import { AppLayout } from './shell/app-layout';

export function NotFoundPage() {
  return <p>Not found page</p>;
}

export function NotFoundRoute() {
  const { token, isLoading } = useAuth();
  if (!token) return <NotFoundPage />;
  if (isLoading) return null;
  return (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  );
}
