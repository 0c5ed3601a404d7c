// Issue 13: the Coordinator section. Coordinators (a coordinator post somewhere) and administrators open it; a
// coordinator renews the memberships of members within their reach (their location and below), never their own.
// Issue 26: a domain's members and prestige ledger are for the coordinators of that domain or above (decision 111).
import { type Actor, isCoordinator } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { coordinatesLocation, coordinatesMember } from '../../auth/scope';
import type { Db } from '../../db/index';
import { coordinatorErrors } from './coordinator.errors';

export type CoordinatorAction = 'open' | 'renew' | 'viewLocation';

const othersInReach = async (actor: Actor, id_user: number | null, db: Db) =>
  actor.isAdmin || (id_user !== null && actor.id_user !== id_user && (await coordinatesMember(db, actor, id_user)));

export const coordinatorPolicy = definePolicy<CoordinatorAction, number | null>(
  {
    open: (actor) => isCoordinator(actor),
    renew: othersInReach,
    /** The record is the location (a domain, a region or the nation), not a member. */
    viewLocation: (actor, id_location, db) => coordinatesLocation(db, actor, id_location),
  },
  coordinatorErrors.denied,
);
