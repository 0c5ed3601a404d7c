import { type ComponentType, type ReactNode, Suspense } from 'react';
import { NotFoundPage } from '../components/not-found';
import { useAuth } from '../lib/auth';
import { lazyPage } from './lazy-page';

// The shell is a chunk of its own, as in the router, so a signed-out visitor does not download it.
const AppLayout = lazyPage(() => import('./shell/app-layout'), 'AppLayout') as ComponentType<{ children: ReactNode }>;

export function NotFoundRoute() {
  const { token, isLoading } = useAuth();
  if (!token) return <NotFoundPage />;
  if (isLoading) return null;
  return (
    <Suspense fallback={null}>
      <AppLayout>
        <NotFoundPage />
      </AppLayout>
    </Suspense>
  );
}
