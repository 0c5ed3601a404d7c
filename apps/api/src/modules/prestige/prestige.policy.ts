// DESIGN §5 for prestige, on the record of one member (id_user): the member reads their own; a coordinator of
// the member's domain (or above) and administrators read and delete; staff award prestige to others (issue 23:
// never to themselves, administrators excepted).
import { type Actor, isStaff } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { coordinatesMember } from '../../auth/scope';
import { prestigeErrors } from './prestige.errors';

export type PrestigeAction = 'view' | 'recommend' | 'add' | 'delete';

/** Prestige awarded to oneself: refused but to administrators (issue 23), by hand or by closing a game one helped at. */
export const awardsOwnPrestige = (actor: Pick<Actor, 'id_user' | 'isAdmin'>, id_user: number) =>
  !actor.isAdmin && actor.id_user === id_user;

/** Administrators, or a coordinator over another member (never their own record). */
const othersInReach = async (actor: Actor, id_user: number, db: Parameters<typeof coordinatesMember>[0]) =>
  actor.isAdmin || (actor.id_user !== id_user && (await coordinatesMember(db, actor, id_user)));

export const prestigePolicy = definePolicy<PrestigeAction, number>(
  {
    view: async (actor, id_user, db) => actor.id_user === id_user || (await othersInReach(actor, id_user, db)),
    /** Use the recommendation form at all. */
    recommend: (actor) => isStaff(actor),
    /** Award prestige to this member: staff, to another member; an administrator, to anyone. */
    add: (actor, id_user) => actor.isAdmin || (isStaff(actor) && !awardsOwnPrestige(actor, id_user)),
    delete: othersInReach,
  },
  prestigeErrors.denied,
);
