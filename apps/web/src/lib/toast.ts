// The portal's toasts (SPEC §9) without react-toastify in the first download: the library is fetched when the
// container mounts after the first paint, or when a toast is raised before that; react-toastify queues a toast
// raised before its container mounts and shows it then. Pages in lazy chunks may import react-toastify directly.
import type { ToastOptions } from 'react-toastify/unstyled';

type Toastify = typeof import('react-toastify/unstyled');
let library: Promise<Toastify> | undefined;

export function loadToastify(): Promise<Toastify> {
  library ??= import('react-toastify/unstyled');
  return library;
}

export const toast = {
  success(message: string, options?: ToastOptions) {
    void loadToastify().then(({ toast: t }) => t.success(message, options));
  },
  error(message: string, options?: ToastOptions) {
    void loadToastify().then(({ toast: t }) => t.error(message, options));
  },
};
