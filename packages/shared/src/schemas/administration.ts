// Issue 13: the Administration section's payloads and rows (members, positions, audit log, locations and lists).
import { z } from 'zod';
import { POSITION_TYPE_CODES, TRANSFER_STATUSES, USER_TYPES } from '../constants';
import type { McLevel } from '../rules/member-class';
import { membershipNumberOf } from '../rules/membership';
import { pagingQuery } from './envelope';
import { dateField, emailField, numberInput, optionalText, requiredId, requiredMessage, requiredText } from './messages';
import { profileUpdateSchema } from './profile';
import { userSchema } from './user';

const idField = requiredId;
const optionalId = (field: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(field).optional());
/** Membership numbers as the society writes them: letters, digits and dashes, stored upper-case. */
const membershipNumber = requiredText('membership number', 32)
  .regex(/^[A-Za-z0-9-]+$/, { error: 'membership number may hold only letters, digits and dashes' })
  .transform(membershipNumberOf);
const expiry = z.preprocess((v) => (v === '' || v === undefined ? null : v), dateField('expiry').nullable());

/**
 * SPEC §7 POST /users in SPEC §3's user shape: the member, their home domain, their e-mail (required) and phone and
 * address (optional), nested as GET /user/{id} answers them. A membership number left out (or blank) is the
 * society's next one (DESIGN §10); one given is kept if no one else has it.
 */
export const memberCreateSchema = z.object({
  user_fname: requiredText('first name', 100),
  user_mname: optionalText('middle name', 100),
  user_lname: requiredText('last name', 100),
  user_camnum: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), membershipNumber.optional()),
  user_type: z.enum(USER_TYPES, { error: requiredMessage('membership type') }),
  user_expiration: expiry,
  id_location: idField('home domain'),
  tbl_user_email: z.object({ email: emailField('email') }, { error: requiredMessage('email') }),
  tbl_user_phone: profileUpdateSchema.shape.tbl_user_phone.omit({ id_phone: true }).nullish(),
  tbl_user_address: profileUpdateSchema.shape.tbl_user_address.omit({ id_address: true }).nullish(),
});
export type MemberCreate = z.infer<typeof memberCreateSchema>;
export type MemberCreateInput = z.input<typeof memberCreateSchema>;

export const setPasswordLinkSchema = z.object({
  /** The one-time link to hand to the member; null with an external provider (they sign in there). */
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type SetPasswordLink = z.infer<typeof setPasswordLinkSchema>;
export const memberCreatedSchema = z.object({ result: userSchema, extra: z.object({ setPasswordLink: setPasswordLinkSchema }) });

/** An administrator's edit of a membership: number, type, expiry and home domain. */
export const membershipUpdateSchema = z.object({
  user_camnum: membershipNumber,
  user_type: z.enum(USER_TYPES, { error: requiredMessage('membership type') }),
  user_expiration: expiry,
  id_location: idField('home domain'),
  /**
   * The membership as the form showed it: when a renewal, a transfer or another administrator changed it since, the
   * save is refused (409) rather than writing the old values back.
   */
  expected: z
    .object({
      user_camnum: z.string().nullable(),
      user_type: z.string().nullable(),
      user_expiration: z.string().nullable(),
      id_location: z.number().int().nullable(),
    })
    .optional(),
});
export type MembershipUpdate = z.infer<typeof membershipUpdateSchema>;

/** A coordinator's renewal: the new expiry date. */
export const renewSchema = z.object({ user_expiration: dateField('expiry') });
export type Renew = z.infer<typeof renewSchema>;

export const MEMBER_ABILITIES = ['renew', 'editMembership', 'deactivate', 'reactivate', 'setPasswordLink'] as const;
export type MemberAbility = (typeof MEMBER_ABILITIES)[number];

export const memberRowSchema = z.object({
  id_user: z.number().int(),
  user_fname: z.string(),
  user_mname: z.string().nullable(),
  user_lname: z.string(),
  user_camnum: z.string(),
  user_type: z.enum(USER_TYPES),
  user_expiration: z.string().nullable(),
  id_location: z.number().int().nullable(),
  domain_code: z.string().nullable(),
  is_disabled: z.boolean(),
  email: z.string().nullable(),
  /** Issue 25: e-mails to this address keep being refused; nothing is sent until the member confirms or changes it. */
  email_bouncing: z.boolean(),
  abilities: z.array(z.enum(MEMBER_ABILITIES)),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const MEMBERS_SORTABLE = ['user_lname', 'user_camnum', 'user_expiration', 'id_user'] as const;
export const MEMBER_STANDINGS = ['expiring', 'expired'] as const;
export const membersQuery = pagingQuery(MEMBERS_SORTABLE, 'user_lname').extend({
  name: optionalText('name', 100),
  userType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(USER_TYPES).optional()),
  standing: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MEMBER_STANDINGS).optional()),
  locationId: optionalId('domain'),
});
export type MembersQuery = z.infer<typeof membersQuery>;

// Positions ----------------------------------------------------------------------------------------------

export const holderSchema = z.object({ id_user: z.number().int(), name: z.string(), user_camnum: z.string() });

export const positionRowSchema = z.object({
  id_position: z.number().int(),
  id_location: z.number().int(),
  location_name: z.string(),
  domain_code: z.string(),
  pos_type: z.enum(POSITION_TYPE_CODES as [string, ...string[]]),
  pos_title: z.string(),
  id_venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  holder: holderSchema.nullable(),
  held_since: z.string().nullable(),
});
export type PositionRow = z.infer<typeof positionRowSchema>;

export const POSITIONS_SORTABLE = ['location_name', 'pos_type', 'pos_title', 'held_since', 'id_position'] as const;
export const positionsQuery = pagingQuery(POSITIONS_SORTABLE, 'location_name').extend({
  locationId: optionalId('location'),
  posType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(POSITION_TYPE_CODES as [string, ...string[]]).optional()),
  holder: optionalText('holder', 100),
  vacant: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['yes', 'no']).optional()),
});
export type PositionsQuery = z.infer<typeof positionsQuery>;

export const positionAddSchema = z.object({
  id_location: idField('location'),
  pos_type: z.enum(POSITION_TYPE_CODES as [string, ...string[]], { error: requiredMessage('position type') }),
  pos_title: optionalText('title', 100),
  id_venue: optionalId('venue'),
  id_user: optionalId('holder'),
});
export type PositionAdd = z.infer<typeof positionAddSchema>;
export type PositionAddInput = z.input<typeof positionAddSchema>;

export const positionAssignSchema = z.object({ id_user: idField('holder') });
export type PositionAssign = z.infer<typeof positionAssignSchema>;

export const positionHoldingSchema = z.object({
  id: z.number().int(),
  id_user: z.number().int().nullable(),
  name: z.string().nullable(),
  user_camnum: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type PositionHolding = z.infer<typeof positionHoldingSchema>;

// Audit log ----------------------------------------------------------------------------------------------

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  id_user: z.number().int().nullable(),
  by_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const AUDIT_SORTABLE = ['at'] as const;
export const auditQuery = pagingQuery(AUDIT_SORTABLE, 'at', 'desc').extend({
  action: optionalText('action', 60),
  entity: optionalText('entity', 40),
  entityId: optionalText('entity id', 40),
  userId: optionalId('by'),
  from: z.preprocess((v) => (v === '' ? undefined : v), dateField('from').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), dateField('to').optional()),
});
export type AuditQuery = z.infer<typeof auditQuery>;

// Transfers -----------------------------------------------------------------------------------------------

export const TRANSFER_ABILITIES = ['accept', 'decline', 'cancel'] as const;
export type TransferAbility = (typeof TRANSFER_ABILITIES)[number];

export const transferAddSchema = z.object({ id_location: idField('domain'), note: optionalText('note', 500) });
export type TransferAdd = z.infer<typeof transferAddSchema>;
export const transferDecisionSchema = z.object({ note: optionalText('note', 500) }).nullish();

export const transferRowSchema = z.object({
  id: z.number().int(),
  id_user: z.number().int(),
  member_name: z.string(),
  user_camnum: z.string(),
  from_location: z.number().int().nullable(),
  from_code: z.string().nullable(),
  to_location: z.number().int(),
  to_code: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  abilities: z.array(z.enum(TRANSFER_ABILITIES)),
});
export type TransferRow = z.infer<typeof transferRowSchema>;

export const TRANSFERS_SORTABLE = ['requested_at'] as const;
export const transfersQuery = pagingQuery(TRANSFERS_SORTABLE, 'requested_at', 'desc').extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TRANSFER_STATUSES).optional()),
  /** Only the caller's own requests (the Domain List shows a pending one). */
  mine: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['yes']).optional()),
});
export type TransfersQuery = z.infer<typeof transfersQuery>;

// Coordinator's prestige view ------------------------------------------------------------------------------

export const coordinatorPrestigeQuery = pagingQuery(['prestige_datetime'] as const, 'prestige_datetime', 'desc');

// Locations and the society's lists ------------------------------------------------------------------------

/** A location's own code: letters, digits and dashes, written upper-case (SPEC §3 codes such as NE-012). */
const locationCode = requiredText('code', 12)
  .regex(/^[A-Za-z0-9]+$/, { error: 'code may hold only letters and digits' })
  .transform((v) => v.toUpperCase());

export const locationAddSchema = z.object({
  location_name: requiredText('name', 100),
  location_code: locationCode,
  id_parent: idField('parent'),
});
export type LocationAdd = z.infer<typeof locationAddSchema>;
export type LocationAddInput = z.input<typeof locationAddSchema>;
export const locationUpdateSchema = locationAddSchema;

export const venueTypeSaveSchema = z.object({ venue_type: requiredText('venue type', 60) });
export const characterTypeSaveSchema = z.object({ type_name: requiredText('type', 60) });
export const characterSubtypeSaveSchema = z.object({ subtype_name: requiredText('subtype', 60), id_parent_type: idField('type') });

const points = (field: string) =>
  numberInput(
    z
      .number({ error: requiredMessage(field) })
      .int({ error: `${field} must be a whole number` })
      .min(0, { error: `${field} cannot be negative` })
      .max(1_000_000, { error: `${field} must be at most 1000000` }),
  );
export const mcLevelSchema = z.object({
  mc: numberInput(
    z
      .number({ error: requiredMessage('MC') })
      .int()
      .min(0)
      .max(100),
  ),
  general_required: points('general'),
  regional_required: points('regional'),
  national_required: points('national'),
});
export type McLevelSave = z.infer<typeof mcLevelSchema>;
export type McLevelSaveInput = z.input<typeof mcLevelSchema>;
/** A rung as the ladder lists it (the payload's schema reads text too, which an answer never needs). */
export const mcLevelRowSchema = z.object({
  mc: z.number().int(),
  general_required: z.number().int(),
  regional_required: z.number().int(),
  national_required: z.number().int(),
}) satisfies z.ZodType<McLevel>;
