// SPEC §3 Prestige entry and aggregates; §5 recommendation form; §7 /prestiges/* calls.
import { z } from 'zod';
import { PRESTIGE_CATEGORIES } from '../constants';
import { pagingQuery } from './envelope';
import { readCount, requiredId, requiredMessage, requiredText } from './messages';

export const prestigeEntrySchema = z.object({
  id_prestige: z.number().int(),
  id_user: z.number().int(),
  prestige_description: z.string(),
  prestige_category: z.enum(PRESTIGE_CATEGORIES),
  prestige_general: z.number().int(),
  prestige_regional: z.number().int(),
  prestige_national: z.number().int(),
  prestige_usable_general: z.number().int(),
  id_reviewer: z.number().int().nullable(),
  reviewer_name: z.string().nullable(),
  prestige_datetime: z.string(),
  /** The game a helper earned it at (issue 28). */
  id_game: z.number().int().nullable(),
});
export type PrestigeEntry = z.infer<typeof prestigeEntrySchema>;

export const PRESTIGE_SORTABLE = [
  'prestige_datetime',
  'prestige_category',
  'prestige_general',
  'prestige_regional',
  'prestige_national',
  'prestige_usable_general',
] as const;
export const prestigeListQuery = pagingQuery(PRESTIGE_SORTABLE, 'prestige_datetime', 'desc');
export type PrestigeListQuery = z.infer<typeof prestigeListQuery>;

/** What the caller may do with a member's prestige record (`extra.abilities`). */
export const PRESTIGE_RECORD_ABILITIES = ['view', 'delete'] as const;
export type PrestigeRecordAbility = (typeof PRESTIGE_RECORD_ABILITIES)[number];

export const prestigeAggregatesSchema = z.object({
  total_general: z.number().int(),
  total_regional: z.number().int(),
  total_national: z.number().int(),
  total_vip: z.number().int(),
  mc: z.number().int(),
  next: z.object({ mc: z.number().int(), general: z.number().int(), regional: z.number().int(), national: z.number().int() }).nullable(),
});
export type PrestigeAggregates = z.infer<typeof prestigeAggregatesSchema>;

/**
 * A required whole number of points. Form inputs arrive as text and are converted (SPEC §5); a missing or empty
 * value is '{field} is a required field'.
 */
function requiredPoints(field: string) {
  return z
    .custom<number | string>((value) => value !== undefined, { error: requiredMessage(field) })
    .transform((value, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const n = readCount(value);
      if (n === undefined) return fail(requiredMessage(field));
      if (!Number.isFinite(n)) return fail(`${field} must be a number`);
      if (!Number.isInteger(n)) return fail(`${field} must be a whole number`);
      if (n < 0) return fail(`${field} cannot be negative`);
      if (n > 1000) return fail(`${field} must be at most 1000`);
      return n;
    });
}

export const prestigeAddSchema = z.object({
  id_user: requiredId('member'),
  prestige_general: requiredPoints('general'),
  prestige_regional: requiredPoints('regional'),
  prestige_national: requiredPoints('national'),
  prestige_usable_general: requiredPoints('vip'),
  prestige_category: z.enum(PRESTIGE_CATEGORIES, { error: requiredMessage('category') }),
  prestige_description: requiredText('justification', 2000),
});
export type PrestigeAdd = z.infer<typeof prestigeAddSchema>;
export type PrestigeAddInput = z.input<typeof prestigeAddSchema>;

export const prestigeDeleteSchema = z.object({ userId: z.number().int().positive().optional() });
