// Issue 13: home-domain transfers. A member asks to move; the coordinators of both domains (and administrators)
// see the request; the receiving domain's coordinator or an administrator accepts or declines — never for their
// own move; the member may withdraw a pending request.
import { definePolicy } from '../../auth/policy';
import { coordinatesLocation } from '../../auth/scope';
import { transfersErrors } from './transfers.errors';

export type TransferAction = 'request' | 'view' | 'accept' | 'decline' | 'cancel';

export interface TransferRecord {
  id_user: number;
  from_location: number | null;
  to_location: number;
  status: string;
}

export const transfersPolicy = definePolicy<TransferAction, TransferRecord | null>(
  {
    /** Any member may ask to move their own home domain. */
    request: () => true,
    view: async (actor, t, db) =>
      t !== null &&
      (actor.id_user === t.id_user ||
        (await coordinatesLocation(db, actor, t.to_location)) ||
        (await coordinatesLocation(db, actor, t.from_location))),
    accept: async (actor, t, db) =>
      t !== null && t.status === 'Pending' && actor.id_user !== t.id_user && (await coordinatesLocation(db, actor, t.to_location)),
    decline: async (actor, t, db) =>
      t !== null && t.status === 'Pending' && actor.id_user !== t.id_user && (await coordinatesLocation(db, actor, t.to_location)),
    cancel: (actor, t) => t !== null && t.status === 'Pending' && actor.id_user === t.id_user,
  },
  transfersErrors.denied,
);
