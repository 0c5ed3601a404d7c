// SPEC §3 Approval; §5 Add approval (all fields strings and required); §7 approval calls.
import { APPROVAL_CATEGORIES, APPROVAL_LEVELS, APPROVAL_STATUSES } from '../constants';
import { z } from 'zod';
import { requiredMessage, requiredText } from './messages';

/** A row of a character's Applications (SPEC §2: app number, item description, status). */
export const approvalRowSchema = z.object({
  id: z.number().int(),
  app_number: z.string(),
  description: z.string(),
  category: z.enum(APPROVAL_CATEGORIES),
  required_approval: z.enum(APPROVAL_LEVELS),
  status: z.enum(APPROVAL_STATUSES),
  character_id: z.number().int(),
  created_at: z.string(),
  update_date: z.string(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

export const approvalAddSchema = z.object({
  character_id: z.coerce
    .number({ error: requiredMessage('character') })
    .int()
    .positive({ error: requiredMessage('character') }),
  description: requiredText('description', 300),
  category: z.enum(APPROVAL_CATEGORIES, { error: requiredMessage('category') }),
  justification: requiredText('justification', 5000),
  character_sheet: requiredText('character sheet', 20000),
  mechanics: requiredText('mechanics', 5000),
  required_approval: z.enum(APPROVAL_LEVELS, { error: requiredMessage('required approval') }),
  /** SPEC §7 lists it in the payload; the server makes the number (DESIGN §6), so a sent one is ignored. */
  app_number: z.string().max(40).optional(),
});
export type ApprovalAdd = z.infer<typeof approvalAddSchema>;
export type ApprovalAddInput = z.input<typeof approvalAddSchema>;
