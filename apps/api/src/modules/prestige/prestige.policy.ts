// DESIGN §5 for prestige: a member reads their own record; staff recommend for anyone; a coordinator of the
// member's domain (or above) and administrators read and delete.
import { type Actor, isStaff } from '../../auth/actor';
import { coordinatesMember } from '../../auth/scope';
import type { Db } from '../../db/client';

export const prestigePolicy = {
  async canView(db: Db, actor: Actor, id_user: number) {
    return actor.id_user === id_user || actor.isAdmin || (await coordinatesMember(db, actor, id_user));
  },
  canAdd: (actor: Actor) => isStaff(actor),
  /** Never one's own entries (unless an administrator): a coordinator does not rule on their own record. */
  async canDelete(db: Db, actor: Actor, id_user: number) {
    return actor.isAdmin || (actor.id_user !== id_user && (await coordinatesMember(db, actor, id_user)));
  },
};
