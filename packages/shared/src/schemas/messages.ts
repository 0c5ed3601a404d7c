// The form library's generic messages (SPEC §5), used by the SPA's forms and the API's 400 answers alike.
import { z } from 'zod';

export const requiredMessage = (field: string) => `${field} is a required field`;
export const INVALID_EMAIL_MESSAGE = 'must be a valid email';

/** A trimmed, non-empty string whose message names the field. */
export function requiredText(field: string, max = 255) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

export function optionalText(field: string, max = 255) {
  return z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .nullish();
}

export function emailField(field = 'email') {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(254, { error: `${field} must be at most 254 characters` })
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));
}
