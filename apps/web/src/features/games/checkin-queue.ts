// Issue 28: check-ins made at the door are kept on the device (localStorage) until the portal has them, so a
// phone with no signal loses none. Each carries its idempotency key: sending one again after a lost answer is
// harmless, the API counts it once. Each is the member's who made it: only they send it, so another member signed
// in on the device later neither sends it under their own name nor sees it.
import type { CheckinInput } from '@guildhall/shared/schemas/games';
import { ApiError } from '../../lib/api-client';

export interface QueuedCheckin extends CheckinInput {
  id_game: number;
  /** The signed-in member who checked them in. */
  by: number;
  /** Shown while it waits. */
  member_name: string;
}

const STORAGE_KEY = 'guildhall.pending-checkins';
const listeners = new Set<() => void>();

/** Every check-in waiting on the device, whoever made it. */
export function storedCheckins(): QueuedCheckin[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedCheckin[];
  } catch {
    return [];
  }
}

/** The check-ins `by` made that still wait. */
export const pendingCheckins = (by: number): QueuedCheckin[] => storedCheckins().filter((c) => c.by === by);

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
  save([...storedCheckins().filter((c) => c.key !== checkin.key), checkin]);
}

let flushing: Promise<{ sent: number; refused: QueuedCheckin[] }> | null = null;

/**
 * Sends what `by` made that waits, oldest first. A check-in leaves the queue once the API has answered it (accepted,
 * or refused for good with a 4xx); without a connection it stays for the next try.
 */
export function flushCheckins(by: number, send: (checkin: QueuedCheckin) => Promise<unknown>) {
  // Let go once settled, in a callback of its own: a round with nothing to send ends before `flushing` is even set.
  flushing ??= sendWaiting(by, send).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(by: number, send: (checkin: QueuedCheckin) => Promise<unknown>) {
  let sent = 0;
  const refused: QueuedCheckin[] = [];
  for (const checkin of pendingCheckins(by)) {
    try {
      await send(checkin);
      sent++;
    } catch (error) {
      const final = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408;
      if (!final) break;
      refused.push(checkin);
    }
    save(storedCheckins().filter((c) => c.key !== checkin.key));
  }
  return { sent, refused };
}
