// SPEC §2/§7 membership lookup: GET /users with filters, paging and sorting.
import { z } from 'zod';
import { USER_TYPES } from '../constants';
import { pagingQuery } from './envelope';
import { idList } from './locations';
import { dateField, plainText } from './messages';

export const LOOKUP_SORTABLE = [
  'id_user',
  'user_lname',
  'user_fname',
  'user_camnum',
  'user_expiration',
  'user_type',
  'location_name',
] as const;

export const lookupQuery = pagingQuery(LOOKUP_SORTABLE, 'id_user', 'desc')
  .extend({
    name: plainText('name', 100).optional(),
    membershipCode: plainText('membershipCode', 40).optional(),
    email: plainText('email', 254).optional(),
    locations: idList('locations', 20).optional(),
    userType: z.enum(USER_TYPES).optional(),
    from: dateField('from').optional(),
    to: dateField('to').optional(),
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
