// SPEC §9: toasts top-right, 5000 ms, drag-dismiss at 80 percent. The container comes with the library's lazy
// chunk (lib/toast.ts).
import { TOAST_AUTO_CLOSE_MS } from '@guildhall/shared/constants';
import { lazy, Suspense } from 'react';
import { loadToastify } from '../lib/toast';

const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

export function Toasts() {
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={80} newestOnTop />
    </Suspense>
  );
}
