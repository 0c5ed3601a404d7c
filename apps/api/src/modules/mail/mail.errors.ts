// E-mail's errors, with stable codes (STYLE §3).
import { badRequest, forbidden, notFound } from '../../errors';
import type { MailAction } from './mail.policy';

const DENIED: Record<MailAction, string> = {
  viewPreferences: "You may not see this member's e-mail settings.",
  editPreferences: "You may not change this member's e-mail settings.",
  confirmAddress: 'Only the member may confirm their own address.',
  viewOutbox: 'Only administrators may see the outbox.',
};

export const mailErrors = {
  denied: (action: MailAction) => forbidden('mail.forbidden', DENIED[action]),
  memberNotFound: () => notFound('mail.member_not_found', 'No member has this id.'),
  unknownLink: () => notFound('mail.unknown_link', 'This unsubscribe link is not known.'),
  duplicateKind: () =>
    badRequest('mail.duplicate_kind', 'preferences names a kind twice', [{ path: 'preferences', message: 'names a kind twice' }]),
};
