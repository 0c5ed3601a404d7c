// SPEC §9: toasts top-right, 5000 ms, drag-dismiss at 80 percent. The container comes with the library's lazy
// chunk once the page is idle or a toast is raised (lib/toast.ts).
import { TOAST_AUTO_CLOSE_MS } from '@guildhall/shared/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastify, toastContainerMounted, whenToastsWanted } from '../lib/toast';

const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

/** Rendered after the container: its effect runs once the container's own have, so it is listening. */
function Mounted() {
  useEffect(toastContainerMounted, []);
  return null;
}

export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenToastsWanted(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={80} newestOnTop />
      <Mounted />
    </Suspense>
  );
}
