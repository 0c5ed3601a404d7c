// SPEC §5 profile form and §7's POST /user/{id_user} payload: one schema for the popup and the API.
import { z } from 'zod';
import { MAX_RECORD_ID } from '../constants';
import { emailField, optionalText, requiredMessage, requiredText } from './messages';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A birthday: a real calendar date, not in the future, not before 1900. */
export const birthdayField = z
  .string({ error: requiredMessage('birthday') })
  .trim()
  .min(1, { error: requiredMessage('birthday') })
  .regex(ISO_DATE, { error: 'birthday must be a date (YYYY-MM-DD)' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'birthday must be a real date' },
  )
  .refine((value) => value <= new Date().toISOString().slice(0, 10), { error: 'birthday cannot be in the future' })
  .refine((value) => value >= '1900-01-01', { error: 'birthday must be after 1900' });

/** A contact row's id, if the member has one; past PostgreSQL's integer no row has it. */
const optionalId = z.number().int().positive().max(MAX_RECORD_ID, { error: 'is not a known record' }).nullish();

export const profileUpdateSchema = z.object({
  id_user: z.number().int().positive(),
  user_nick: optionalText('preferred name', 80),
  user_prefix: optionalText('pronouns', 40),
  user_bday: birthdayField,
  tbl_user_email: z.object({ id_email: optionalId, email: emailField('email') }),
  tbl_user_phone: z.object({
    id_phone: optionalId,
    phone_number: requiredText('phone', 40).regex(/^[+()\d\s.\-/]{5,40}$/, { error: 'phone must be a phone number' }),
  }),
  tbl_user_address: z.object({
    id_address: optionalId,
    addr_line_1: requiredText('street', 200),
    addr_line_2: optionalText('street line 2', 200),
    addr_city: requiredText('city', 100),
    addr_state: requiredText('state', 100),
    addr_zip: optionalText('zip', 20),
    addr_country: optionalText('country', 100),
  }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
