// SPEC §3 User as the API sends it (field names are SPEC's, nested tbl_* objects included).
import { z } from 'zod';
import { USER_TYPES } from '../constants';

export const userEmailSchema = z.object({ id_email: z.number().int(), email: z.string() });
export const userPhoneSchema = z.object({ id_phone: z.number().int(), phone_number: z.string() });
export const userAddressSchema = z.object({
  id_address: z.number().int(),
  addr_line_1: z.string().nullable(),
  addr_line_2: z.string().nullable(),
  addr_city: z.string().nullable(),
  addr_state: z.string().nullable(),
  addr_zip: z.string().nullable(),
  addr_country: z.string().nullable(),
});

export const userSchema = z.object({
  id_user: z.number().int(),
  user_fname: z.string(),
  user_mname: z.string().nullable(),
  user_lname: z.string(),
  user_nick: z.string().nullable(),
  user_prefix: z.string().nullable(),
  user_bday: z.string().nullable(),
  user_camnum: z.string(),
  user_type: z.enum(USER_TYPES),
  user_expiration: z.string().nullable(),
  id_location: z.number().int().nullable(),
  is_admin: z.boolean(),
  tbl_user_email: userEmailSchema.nullable(),
  tbl_user_phone: userPhoneSchema.nullable(),
  tbl_user_address: userAddressSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * What the signed-in member may do across the portal, decided by the API's policies and sent as
 * `extra.abilities` of GET /user/{id} for oneself: the SPA shows actions from these, never from roles.
 */
export const OWN_ABILITIES = [
  'members.lookup',
  'members.lookupByEmail',
  'prestige.recommend',
  /** Award prestige to oneself: administrators only (issue 23). */
  'prestige.awardSelf',
  'documentation.manage',
  'characters.search',
  'venues.add',
  'administration.open',
  'coordinator.open',
  'transfers.request',
] as const;
export type OwnAbility = (typeof OWN_ABILITIES)[number];
