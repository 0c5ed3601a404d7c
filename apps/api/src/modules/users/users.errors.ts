// Member records' errors, with stable codes (STYLE §3).
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { UserAction } from './users.policy';

const DENIED: Record<UserAction, string> = {
  view: "You may not view another member's record.",
  edit: "You may not edit another member's profile.",
  viewContacts: "You may not see another member's contact details.",
  viewOverview: "You may not view another member's overview.",
};

export const usersErrors = {
  notFound: () => notFound('users.not_found', 'No member has this id.'),
  denied: (action: UserAction) => forbidden('users.forbidden', DENIED[action]),
  idMismatch: () =>
    badRequest('users.id_mismatch', 'id_user must match the member in the path', [{ path: 'id_user', message: 'must match the path' }]),
  emailTaken: () =>
    new AppError(409, 'users.email_taken', 'That email belongs to another member.', [
      { path: 'tbl_user_email.email', message: 'belongs to another member' },
    ]),
  notOwnRow: (path: string) =>
    badRequest('users.not_own_row', `${path} is not one of this member's records`, [
      { path, message: "is not one of this member's records" },
    ]),
};
