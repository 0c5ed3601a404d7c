// SPEC §3 Approval; §5 Add approval (all fields strings and required); §7 approval calls.
import { APPROVAL_CATEGORIES, APPROVAL_LEVELS, APPROVAL_STATUSES } from '../constants';
import { z } from 'zod';
import { idList } from './locations';
import { optionalText, plainText, requiredId, requiredMessage, requiredText } from './messages';
import { pagingQuery } from './envelope';

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
  /** When it reached its current level (the clock starts there). */
  level_since: z.string(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

export const approvalAddSchema = z.object({
  character_id: requiredId('character'),
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

// ─── The review workflow (DESIGN §6): the Approvals list, the detail and its actions ───

const flag = (field: string) => z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');

export const APPROVALS_SORTABLE = [
  'level_since',
  'update_date',
  'app_number',
  'description',
  'player_name',
  'venue_name',
  'required_approval',
  'status',
] as const;

/** SPEC §7 GET /approvals/get, plus awaitingMe (the page's default view), overdue and status. */
export const approvalsListQuery = pagingQuery(APPROVALS_SORTABLE, 'update_date', 'desc').extend({
  itemName: plainText('itemName', 100).optional(),
  appNumber: plainText('appNumber', 40).optional(),
  /** Player name (every word starts a name) or membership number. */
  userName: plainText('userName', 100).optional(),
  venueTypeId: requiredId('venueTypeId').optional(),
  level: z.enum(APPROVAL_LEVELS, { error: 'level must be one of Low, Mid, High, Top' }).optional(),
  category: z.enum(APPROVAL_CATEGORIES, { error: 'category is not a known category' }).optional(),
  status: z.enum(APPROVAL_STATUSES, { error: 'status is not a known status' }).optional(),
  /** SPEC §5: the chosen domain's parents plus itself; the last id is the chosen place. */
  domainIds: idList('domainIds', 20).optional(),
  awaitingMe: flag('awaitingMe').optional(),
  overdue: flag('overdue').optional(),
});
export type ApprovalsListQuery = z.infer<typeof approvalsListQuery>;
export type ApprovalsListInput = z.input<typeof approvalsListQuery>;

/** A row of the Approvals list (SPEC §2 columns, plus the Waiting clock and the Overdue marker). */
export const approvalListRowSchema = approvalRowSchema.omit({ character_id: true, created_at: true }).extend({
  character_name: z.string(),
  player_name: z.string(),
  user_camnum: z.string(),
  venue_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  overdue: z.boolean(),
});
export type ApprovalListRow = z.infer<typeof approvalListRowSchema>;

export const approvalChainLinkSchema = z.object({
  level: z.enum(APPROVAL_LEVELS),
  id_user: z.number().int().nullable(),
  name: z.string().nullable(),
  title: z.string().nullable(),
  user_camnum: z.string().nullable(),
  /** The level the application waits at now. */
  current: z.boolean(),
});
export type ApprovalChainLink = z.infer<typeof approvalChainLinkSchema>;

export const approvalEventSchema = z.object({
  id: z.number().int(),
  id_user: z.number().int().nullable(),
  name: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type ApprovalEvent = z.infer<typeof approvalEventSchema>;

export const approvalClockSchema = z.object({
  level_since: z.string(),
  /** Whole days at the current level (0 once closed). */
  waiting_days: z.number().int(),
  overdue: z.boolean(),
  /** The configured limit (days at one level) before escalation. */
  limit_days: z.number().int(),
  escalated_at: z.string().nullable(),
});
export type ApprovalClock = z.infer<typeof approvalClockSchema>;

/** SPEC §2 Approval detail. */
export const approvalDetailSchema = approvalRowSchema.extend({
  justification: z.string(),
  character_sheet: z.string(),
  mechanics: z.string(),
  character_background: z.string(),
  group_name: z.string().nullable(),
  character_name: z.string(),
  id_user: z.number().int(),
  player_name: z.string(),
  user_camnum: z.string(),
  id_venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  chain: z.array(approvalChainLinkSchema),
  events: z.array(approvalEventSchema),
  clock: approvalClockSchema,
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

const expectedStatus = z.enum(APPROVAL_STATUSES, { error: requiredMessage('expectedStatus') });
const comment = optionalText('comment', 2000);

/** POST /approvals/{id}/approve and /remove: the status the caller saw (409 when it moved on), an optional comment. */
export const approvalActionSchema = z.object({ expectedStatus, comment });
export type ApprovalActionInput = z.input<typeof approvalActionSchema>;

/** POST /approvals/{id}/deny: DESIGN §6, a denial needs a comment. */
export const approvalDenySchema = z.object({ expectedStatus, comment: requiredText('comment', 2000) });
export type ApprovalDenyInput = z.input<typeof approvalDenySchema>;

/** POST /approvals/{id}/update: category and required level (the current approver), status (administrators, with a comment). */
export const approvalUpdateSchema = z
  .object({
    expectedStatus,
    category: z.enum(APPROVAL_CATEGORIES, { error: 'category is not a known category' }).optional(),
    required_approval: z.enum(APPROVAL_LEVELS, { error: 'required_approval must be one of Low, Mid, High, Top' }).optional(),
    status: z.enum(APPROVAL_STATUSES, { error: 'status is not a known status' }).optional(),
    comment,
  })
  .refine((u) => u.status === undefined || u.status === u.expectedStatus || Boolean(u.comment), {
    path: ['comment'],
    error: requiredMessage('comment'),
  });
export type ApprovalUpdateInput = z.input<typeof approvalUpdateSchema>;
