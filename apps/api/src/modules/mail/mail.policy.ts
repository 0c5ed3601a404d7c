// Who may see and change a member's e-mail settings: the member; an administrator; a coordinator over the member
// sees them (to spot an address that bounces) but does not change them. The outbox is administrators' only.
import { definePolicy } from '../../auth/policy';
import { coordinatesMember } from '../../auth/scope';
import { mailErrors } from './mail.errors';

export type MailAction = 'viewPreferences' | 'editPreferences' | 'confirmAddress' | 'viewOutbox';

export const mailPolicy = definePolicy<MailAction, number | null>(
  {
    viewPreferences: async (actor, id_user, db) =>
      actor.isAdmin || actor.id_user === id_user || (id_user !== null && (await coordinatesMember(db, actor, id_user))),
    editPreferences: (actor, id_user) => actor.isAdmin || actor.id_user === id_user,
    /** Only the member knows the address works. */
    confirmAddress: (actor, id_user) => actor.id_user === id_user,
    viewOutbox: (actor) => actor.isAdmin,
  },
  mailErrors.denied,
);
