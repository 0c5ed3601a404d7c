// SPEC §2/§7 membership lookup: GET /users with filters, paging and sorting.
import { z } from 'zod';
import { USER_TYPES } from '../constants';
import { pagingQuery } from './envelope';
import { idList } from './locations';

export const LOOKUP_SORTABLE = [
  'id_user',
  'user_lname',
  'user_fname',
  'user_camnum',
  'user_expiration',
  'user_type',
  'location_name',
] as const;

const isoDate = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date (YYYY-MM-DD)` });

export const lookupQuery = pagingQuery(LOOKUP_SORTABLE, 'id_user', 'desc')
  .extend({
    name: z.string().trim().max(100).optional(),
    membershipCode: z.string().trim().max(40).optional(),
    email: z.string().trim().max(254).optional(),
    locations: idList('locations', 20).optional(),
    userType: z.enum(USER_TYPES).optional(),
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'to must not be before from' });
export type LookupQuery = z.infer<typeof lookupQuery>;

export const lookupRowSchema = z.object({
  id_user: z.number().int(),
  user_fname: z.string(),
  user_mname: z.string().nullable(),
  user_lname: z.string(),
  user_nick: z.string().nullable(),
  user_camnum: z.string(),
  user_type: z.string(),
  user_expiration: z.string().nullable(),
  id_location: z.number().int().nullable(),
  location_name: z.string().nullable(),
  /** Only for coordinators and administrators (DESIGN §5); null otherwise. */
  email: z.string().nullable(),
});
export type LookupRow = z.infer<typeof lookupRowSchema>;
