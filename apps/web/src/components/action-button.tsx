// The one button for a click that starts a request (issue 23): it is disabled and busy from the click until its
// request settles — a double click sends the request once — and while another request of the same record is
// pending. The form kit's submit path uses the same guard (useInFlight).
import { type ButtonHTMLAttributes, useCallback, useEffect, useRef, useState } from 'react';

export interface InFlight {
  /** A request of this guard is running. */
  busy: boolean;
  /** Runs `task` unless one is already running (then it resolves to undefined without running it); while the
   *  promise `task` answers is pending, `busy` is true. */
  run<T>(task: () => Promise<T> | T): Promise<T | undefined>;
}

/** One request at a time: the second of two calls in the same tick is already refused, before any re-render. */
export function useInFlight(): InFlight {
  const running = useRef(false);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T,>(task: () => Promise<T> | T): Promise<T | undefined> => {
    if (running.current) return undefined;
    const result = task();
    // A click that sends nothing (opening a dialog) leaves the button as it was, focus included.
    if (!(result instanceof Promise)) return result;
    running.current = true;
    setBusy(true);
    try {
      return await result;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  return { busy, run };
}

export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  /** What the click does; when it answers a promise (the request), the button waits for it. */
  onClick: () => Promise<unknown> | unknown;
  /** Another request of the same record is in flight (a mutation's isPending): wait for it too. */
  pending?: boolean;
  /** A guard shared by several buttons (Approve, Deny, Remove of one application): one request among them. */
  inFlight?: InFlight;
}

export function ActionButton({ onClick, pending = false, inFlight, disabled, children, ...rest }: ActionButtonProps) {
  const own = useInFlight();
  const guard = inFlight ?? own;
  const waiting = guard.busy || pending;
  return (
    <button
      type="button"
      {...rest}
      disabled={Boolean(disabled) || waiting}
      aria-busy={waiting}
      onClick={() => {
        if (!pending) void guard.run(onClick);
      }}
    >
      {children}
    </button>
  );
}
