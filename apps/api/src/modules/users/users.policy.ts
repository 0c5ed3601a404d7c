// DESIGN §5 for member records: who may read whom, and who may see contact details.
import type { ShellAbility } from '@guildhall/shared/schemas/user';
import { type Actor, isCoordinator, isStaff, isStoryteller } from '../../auth/actor';

export const usersPolicy = {
  /** Oneself, administrators, and staff (who look members up). */
  canView: (actor: Actor, id_user: number) => actor.id_user === id_user || isStaff(actor),
  /** Oneself and administrators edit a profile. */
  canEdit: (actor: Actor, id_user: number) => actor.id_user === id_user || actor.isAdmin,
  /** Email, phone, address and birthday: oneself, coordinators and administrators. */
  canSeeContacts: (actor: Actor, id_user: number) => actor.id_user === id_user || actor.isAdmin || isCoordinator(actor),
  shellAbilities(actor: Actor): ShellAbility[] {
    const abilities: ShellAbility[] = [];
    if (isStaff(actor)) abilities.push('staff');
    if (isStoryteller(actor)) abilities.push('storyteller');
    if (isCoordinator(actor)) abilities.push('coordinator');
    if (actor.isAdmin) abilities.push('admin');
    return abilities;
  },
};
