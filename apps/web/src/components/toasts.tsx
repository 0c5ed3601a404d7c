// SPEC §9: toasts top-right, 5000 ms, drag-dismiss at 80 percent.
import { TOAST_AUTO_CLOSE_MS } from '@guildhall/shared/constants';
import { ToastContainer } from 'react-toastify/unstyled';

export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={80} newestOnTop />;
}
