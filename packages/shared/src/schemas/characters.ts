// SPEC §3 Character, types, XP log; §5 add/update/XP validation; §7 character calls; the character search.
import { CHARACTER_STATUSES, VICES, VIRTUES, XP_TYPES, YES_NO } from '../constants';
import { VSS_STATUSES } from '../rules/vss-status';
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { optionalText, readCount, requiredId, requiredMessage, requiredText } from './messages';

export const characterTypeSchema = z.object({ id_type: z.number().int(), type_name: z.string() });
export type CharacterType = z.infer<typeof characterTypeSchema>;
export const characterSubtypeSchema = z.object({
  id_subtype: z.number().int(),
  subtype_name: z.string(),
  id_parent_type: z.number().int(),
});
export type CharacterSubtype = z.infer<typeof characterSubtypeSchema>;
export const subtypesQuery = z.object({ typeId: requiredId('typeId').optional() });

/** What the caller may do with a character (`extra.abilities` of GET /character/{id}). */
export const CHARACTER_ABILITIES = ['edit', 'logXp', 'voidXp', 'addApproval'] as const;
export type CharacterAbility = (typeof CHARACTER_ABILITIES)[number];

/** A row of My characters (SPEC §2): Name, Venue, VSS, Type, Active, XP (sum and count). */
export const characterRowSchema = z.object({
  id_character: z.number().int(),
  character_name: z.string(),
  id_user: z.number().int(),
  id_venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  /** SPEC §3's review fields, from which vss_status is derived (rules/vss-status.ts). */
  being_reviewed: z.enum(YES_NO),
  st_signed: z.string().nullable(),
  vss_status: z.enum(VSS_STATUSES),
  id_type: z.number().int(),
  type_name: z.string(),
  id_subtype: z.number().int(),
  subtype_name: z.string(),
  character_status: z.enum(CHARACTER_STATUSES),
  xp_log_sum: z.number().int(),
  xp_log_count: z.number().int(),
  app_count: z.number().int(),
});
export type CharacterRow = z.infer<typeof characterRowSchema>;

export const CHARACTER_LIST_SORTABLE = [
  'id_character',
  'character_name',
  'venue_name',
  'vss_status',
  'type_name',
  'character_status',
] as const;
export const characterListQuery = pagingQuery(CHARACTER_LIST_SORTABLE, 'id_character', 'asc');
export type CharacterListQuery = z.infer<typeof characterListQuery>;

/** GET /character/{id}: the row's facts plus the sheet and the player. */
export const characterSchema = characterRowSchema.extend({
  character_virtue: z.enum(VIRTUES),
  character_vice: z.enum(VICES),
  character_concept: z.string().nullable(),
  /** The justification (Character Sheet Information). */
  character_concept_description: z.string().nullable(),
  sign_response: z.string().nullable(),
  player_name: z.string(),
  user_camnum: z.string(),
  /** The experience balance now (voided entries left out). */
  xp_balance: z.number().int(),
});
export type Character = z.infer<typeof characterSchema>;

/** SPEC §5 Add character: name, type, subtype, virtue, vice and venue required; concept and justification optional. */
export const characterAddSchema = z.object({
  /** The player; the caller's own id (administrators may add for another member). Defaults to the caller. */
  id_user: requiredId('player').optional(),
  id_venue: requiredId('venue'),
  character_name: requiredText('name', 120),
  id_type: requiredId('type'),
  id_subtype: requiredId('subtype'),
  character_virtue: z.enum(VIRTUES, { error: requiredMessage('virtue') }),
  character_vice: z.enum(VICES, { error: requiredMessage('vice') }),
  character_concept: optionalText('concept', 200),
  character_concept_description: optionalText('justification', 5000),
});
export type CharacterAdd = z.infer<typeof characterAddSchema>;
export type CharacterAddInput = z.input<typeof characterAddSchema>;

/** SPEC §5 Update character: venue required; the rest as the Overview form or the justification panel sends them. */
export const characterUpdateSchema = z.object({
  id_venue: requiredId('venue'),
  character_name: requiredText('name', 120).optional(),
  id_type: requiredId('type').optional(),
  id_subtype: requiredId('subtype').optional(),
  character_virtue: z.enum(VIRTUES, { error: requiredMessage('virtue') }).optional(),
  character_vice: z.enum(VICES, { error: requiredMessage('vice') }).optional(),
  character_concept: optionalText('concept', 200),
  character_concept_description: optionalText('justification', 5000),
  character_status: z.enum(CHARACTER_STATUSES, { error: requiredMessage('status') }).optional(),
});
export type CharacterUpdate = z.infer<typeof characterUpdateSchema>;
export type CharacterUpdateInput = z.input<typeof characterUpdateSchema>;

export const xpLogSchema = z.object({
  id_xp_log: z.number().int(),
  xp_datetime: z.string(),
  xp_type: z.enum(XP_TYPES),
  xp_description: z.string(),
  xp_amount: z.number().int(),
  xp_balance: z.number().int(),
  is_void: z.boolean(),
  /** Who logged it. */
  author_name: z.string().nullable(),
  /** The game whose attendance earned it (issue 28). */
  id_game: z.number().int().nullable(),
});
export type XpLog = z.infer<typeof xpLogSchema>;
export const xpLogsQuery = pagingQuery(['xp_datetime'] as const, 'xp_datetime', 'desc');
export type XpLogsQuery = z.infer<typeof xpLogsQuery>;

/** SPEC §5 XP entry: description, type and count required, count a whole number (1 to 10,000). */
export const xpLogAddSchema = z.object({
  id_character: requiredId('character'),
  xp_type: z.enum(XP_TYPES, { error: requiredMessage('type') }),
  xp_amount: z
    .custom<number | string>((value) => value !== undefined, { error: requiredMessage('count') })
    .transform((value, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const n = readCount(value);
      if (n === undefined) return fail(requiredMessage('count'));
      if (!Number.isFinite(n)) return fail('count must be a number');
      if (!Number.isInteger(n)) return fail('count must be a whole number');
      if (n < 1 || n > 10_000) return fail('count must be between 1 and 10000');
      return n;
    }),
  xp_description: requiredText('description', 500),
});
export type XpLogAdd = z.infer<typeof xpLogAddSchema>;
export type XpLogAddInput = z.input<typeof xpLogAddSchema>;

/** Character search (SPEC §2): domain (with its children), region, type, subtype, venue type. */
export const CHARACTER_SEARCH_SORTABLE = [
  'character_name',
  'type_name',
  'subtype_name',
  'character_virtue',
  'app_count',
  'player_name',
  'user_camnum',
  'vss_status',
] as const;
export const characterSearchQuery = pagingQuery(CHARACTER_SEARCH_SORTABLE, 'character_name', 'asc').extend({
  domain: requiredId('domain').optional(),
  region: requiredId('region').optional(),
  typeId: requiredId('type').optional(),
  subtypeId: requiredId('subtype').optional(),
  venueTypeId: requiredId('venue type').optional(),
});
export type CharacterSearchQuery = z.infer<typeof characterSearchQuery>;

export const characterSearchRowSchema = z.object({
  id_character: z.number().int(),
  character_name: z.string(),
  type_name: z.string(),
  subtype_name: z.string(),
  character_virtue: z.enum(VIRTUES),
  app_count: z.number().int(),
  id_user: z.number().int(),
  player_name: z.string(),
  user_camnum: z.string(),
  id_venue: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  being_reviewed: z.enum(YES_NO),
  st_signed: z.string().nullable(),
  /** On Style Sheet. */
  vss_status: z.enum(VSS_STATUSES),
});
export type CharacterSearchRow = z.infer<typeof characterSearchRowSchema>;
