// The portal's toasts (SPEC §9) without react-toastify in the first download. The library and its container
// are fetched when the browser is idle a while after the page loaded, or at once when a toast is raised before that;
// a toast raised here waits for the container to be mounted (react-toastify's own queue for that case lost
// toasts now and then). Pages in lazy chunks may import react-toastify directly: by then the container is up.
import type { ToastOptions } from 'react-toastify/unstyled';

type Toastify = typeof import('react-toastify/unstyled');
let library: Promise<Toastify> | undefined;
let wanted = false;
let containerMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
/** Called by the toast container once it is mounted and listening. */
export const toastContainerMounted = () => containerMounted();
const waiting = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  library ??= import('react-toastify/unstyled');
  return library;
}

function want() {
  if (wanted) return;
  wanted = true;
  for (const notify of waiting) notify();
  waiting.clear();
}

/** Calls `mount` once the toast container should exist; returns a function that stops waiting. */
export function whenToastsWanted(mount: () => void): () => void {
  if (wanted) {
    mount();
    return () => {};
  }
  waiting.add(mount);
  // A while after the load, so the library does not compete with the first page's own requests.
  const idle = () =>
    window.setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(want, { timeout: 2000 }) : want()), 1500);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => waiting.delete(mount);
}

export const toast = {
  success(message: string, options?: ToastOptions) {
    want();
    void mounted.then(loadToastify).then(({ toast: t }) => t.success(message, options));
  },
  error(message: string, options?: ToastOptions) {
    want();
    void mounted.then(loadToastify).then(({ toast: t }) => t.error(message, options));
  },
};
