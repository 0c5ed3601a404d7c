import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { type ReactNode, useState } from 'react';
import { Toasts } from '../components/toasts';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

// The page's style nonce (the server makes one for each load and allows it in its CSP): the <style> a dialog's
// scroll lock writes carries it, so the strict style-src lets it apply (issue 23).
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (styleNonce) setNonce(styleNonce);

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
  );
}
