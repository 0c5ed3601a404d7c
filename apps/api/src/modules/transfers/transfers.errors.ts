// Transfers' errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { TransferAction } from './transfers.policy';

const DENIED: Record<TransferAction, string> = {
  request: 'You may not request a transfer.',
  view: 'You may not see this transfer.',
  accept: 'Only a coordinator of the receiving domain may accept a pending transfer.',
  decline: 'Only a coordinator of the receiving domain may decline a pending transfer.',
  cancel: 'Only the member may withdraw their pending transfer.',
};

export const transfersErrors = {
  denied: (action: TransferAction) => forbidden('transfers.forbidden', DENIED[action]),
  notFound: () => notFound('transfers.not_found', 'No transfer has this id.'),
  noSuchDomain: () =>
    badRequest('transfers.no_such_domain', 'id_location is not a domain', [{ path: 'id_location', message: 'is not a domain' }]),
  sameDomain: () =>
    badRequest('transfers.same_domain', 'id_location is already your home domain', [
      { path: 'id_location', message: 'is already your home domain' },
    ]),
  pendingExists: () => conflict('transfers.pending_exists', 'You already have a pending transfer request.'),
  stale: () =>
    conflict(
      'transfers.stale',
      "The member's home domain or membership changed since the request: the request was withdrawn; they may ask again.",
    ),
  postChanged: () => conflict('transfers.post_changed', 'You no longer coordinate the receiving domain: the request was left as it was.'),
  notPending: () => conflict('transfers.not_pending', 'This transfer has already been decided.'),
};
