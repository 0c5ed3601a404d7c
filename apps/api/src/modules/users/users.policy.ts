// DESIGN §5 for member records (the record is the member's id): who may read whom, edit, and see contact
// details; and the signed-in member's own abilities, which the shell shows actions from.
import type { OwnAbility } from '@guildhall/shared/schemas/user';
import { type Actor, isCoordinator, isStaff } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import type { Db } from '../../db/index';
import { administrationPolicy } from '../administration/administration.policy';
import { charactersPolicy } from '../characters/characters.policy';
import { coordinatorPolicy } from '../coordinator/coordinator.policy';
import { documentationPolicy } from '../documentation/documentation.policy';
import { lookupPolicy } from '../membership-lookup/lookup.policy';
import { prestigePolicy } from '../prestige/prestige.policy';
import { venuesPolicy } from '../venues/venues.policy';
import { transfersPolicy } from '../transfers/transfers.policy';
import { usersErrors } from './users.errors';

export type UserAction = 'view' | 'edit' | 'viewContacts' | 'viewOverview';

export const usersPolicy = definePolicy<UserAction, number>(
  {
    /** Oneself, administrators, and staff (who look members up). */
    view: (actor, id_user) => actor.id_user === id_user || isStaff(actor),
    /** Oneself and administrators edit a profile. */
    edit: (actor, id_user) => actor.id_user === id_user || actor.isAdmin,
    /** Email, phone, address and birthday: oneself, coordinators and administrators. */
    viewContacts: (actor, id_user) => actor.id_user === id_user || actor.isAdmin || isCoordinator(actor),
    /** The overview's figures: a member's own, or any member's for an administrator. */
    viewOverview: (actor, id_user) => actor.id_user === id_user || actor.isAdmin,
  },
  usersErrors.denied,
);

/** What the signed-in member may do across the portal: `extra.abilities` of their own record. */
export async function ownAbilities(db: Db, actor: Actor): Promise<OwnAbility[]> {
  const checks: [OwnAbility, Promise<boolean>][] = [
    ['members.lookup', lookupPolicy.can(db, actor, 'search', null)],
    ['members.lookupByEmail', lookupPolicy.can(db, actor, 'searchByEmail', null)],
    ['prestige.recommend', prestigePolicy.can(db, actor, 'recommend', actor.id_user)],
    ['prestige.awardSelf', prestigePolicy.can(db, actor, 'add', actor.id_user)],
    ['documentation.manage', documentationPolicy.can(db, actor, 'manage', null)],
    ['characters.search', charactersPolicy.can(db, actor, 'search', { id_user: actor.id_user, venue_st: null })],
    ['venues.add', venuesPolicy.can(db, actor, 'add', { id_user_st: actor.id_user })],
    ['administration.open', administrationPolicy.can(db, actor, 'open', null)],
    ['coordinator.open', coordinatorPolicy.can(db, actor, 'open', null)],
    ['transfers.request', transfersPolicy.can(db, actor, 'request', null)],
  ];
  const allowed = await Promise.all(checks.map(([, check]) => check));
  return checks.filter((_, i) => allowed[i]).map(([ability]) => ability);
}
