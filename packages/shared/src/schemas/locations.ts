// SPEC §3 Location / domain and Domain content; §7 /domains* and /venues/domain/{id}.
import { z } from 'zod';
import { MAX_RECORD_ID } from '../constants';
import { pagingQuery } from './envelope';
import { positionSchema } from './overview';

export const locationSchema = z.object({
  id_location: z.number().int(),
  location_name: z.string(),
  location_code: z.string(),
  id_parent_location: z.string().nullable(),
  location_type: z.number().int(),
  /** SPEC §3 domain code (non-root ancestors' codes plus its own). */
  domain_code: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

const idList = (field: string, max: number) =>
  z
    .string({ error: `${field} is a required field` })
    .regex(/^\d+(,\d+)*$/, { error: `${field} must be comma-separated ids` })
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.length <= max && ids.every((id) => id > 0 && Number.isSafeInteger(id)), {
      error: `${field} must hold 1 to ${max} positive ids`,
    })
    .refine((ids) => ids.every((id) => id <= MAX_RECORD_ID || !Number.isSafeInteger(id)), {
      error: `${field} holds an id that is not a known record`,
    });

export const domainContentQuery = z.object({ ids: idList('ids', 20) });
export const byParentsBody = z.object({
  parentIds: z
    .array(z.number().int().positive(), { error: 'parentIds is a required field' })
    .min(1, { error: 'parentIds is a required field' })
    .max(50),
});

export const venueSummarySchema = z.object({
  id_venue: z.number().int(),
  venue_name: z.string(),
  venue_type: z.string(),
  id_user_st: z.number().int().nullable(),
  storyteller_name: z.string().nullable(),
});
export type VenueSummary = z.infer<typeof venueSummarySchema>;

export const venueTypeSchema = z.object({ id_venue_type: z.number().int(), venue_type: z.string() });
export type VenueType = z.infer<typeof venueTypeSchema>;

export const VENUES_OF_DOMAIN_SORTABLE = ['venue_name', 'id_venue'] as const;
export const venuesOfDomainQuery = pagingQuery(VENUES_OF_DOMAIN_SORTABLE, 'venue_name');
export type VenuesOfDomainQuery = z.infer<typeof venuesOfDomainQuery>;

export const domainContentSchema = z.object({
  id_location: z.number().int(),
  location_name: z.string(),
  domain_code: z.string(),
  tbl_positions: z.array(positionSchema),
  tbl_venues: z.array(venueSummarySchema),
});
export type DomainContent = z.infer<typeof domainContentSchema>;

export { idList };
