// What an application's approvers are told: that it awaits their review, with a link to it (DESIGN §6).
import { notify, noticeSubject, type NoticeTx } from '../notifications/notifications.service';
import type { Tx } from '../../db/index';

export const approvalLink = (id: number) => `/storyteller/approvals/${id}`;
export const awaitsReviewMessage = (appNumber: string, description: string, character: string) =>
  `Application ${appNumber} (${description}) for ${character} awaits your review.`;

/** Tells the approver an application now awaits them (the notice is resolved when it leaves their level). */
export const tellAwaitingApprover = (
  tx: NoticeTx,
  approver: number | null,
  a: { id: number; app_number: string; description: string },
  character: string,
) =>
  notify(tx, [approver], {
    kind: 'approval',
    message: awaitsReviewMessage(a.app_number, a.description, character),
    link: approvalLink(a.id),
    subject: noticeSubject('approval', a.id),
  });
