// Issue 28: check-ins made at the door are kept on the device (localStorage) until the portal has them, so a
// phone with no signal loses none. Each carries its idempotency key: sending one again after a lost answer is
// harmless, the API counts it once.
import type { CheckinInput } from '@guildhall/shared/schemas/games';
import { ApiError } from '../../lib/api-client';

export interface QueuedCheckin extends CheckinInput {
  id_game: number;
  /** Shown while it waits. */
  member_name: string;
}

const STORAGE_KEY = 'guildhall.pending-checkins';
const listeners = new Set<() => void>();

export function pendingCheckins(): QueuedCheckin[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedCheckin[];
  } catch {
    return [];
  }
}

function save(queue: QueuedCheckin[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(queue));
  for (const listener of listeners) listener();
}

export function subscribeCheckins(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function newCheckinKey(): string {
  return crypto.randomUUID();
}

export function enqueueCheckin(checkin: QueuedCheckin) {
  save([...pendingCheckins().filter((c) => c.key !== checkin.key), checkin]);
}

let flushing: Promise<{ sent: number; refused: QueuedCheckin[] }> | null = null;

/**
 * Sends what waits, oldest first. A check-in leaves the queue once the API has answered it (accepted, or refused
 * for good with a 4xx); without a connection it stays for the next try.
 */
export function flushCheckins(send: (checkin: QueuedCheckin) => Promise<unknown>) {
  flushing ??= (async () => {
    let sent = 0;
    const refused: QueuedCheckin[] = [];
    try {
      for (const checkin of pendingCheckins()) {
        try {
          await send(checkin);
          sent++;
        } catch (error) {
          const final =
            error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408;
          if (!final) break;
          refused.push(checkin);
        }
        save(pendingCheckins().filter((c) => c.key !== checkin.key));
      }
    } finally {
      flushing = null;
    }
    return { sent, refused };
  })();
  return flushing;
}
