// The form library's generic messages (SPEC §5), used by the SPA's forms and the API's 400 answers alike.
import { z } from 'zod';
import { MAX_RECORD_ID } from '../constants';

export const requiredMessage = (field: string) => `${field} is a required field`;
export const INVALID_EMAIL_MESSAGE = 'must be a valid email';

export const NUL_MESSAGE = (field: string) => `${field} must not contain NUL characters`;

/**
 * A number in a payload: JSON's own, or text as a form sends it. z.coerce would read true as 1 and null, [] or blank
 * text as 0; here anything but a number or non-blank text fails with the schema's own message.
 */
export const numberInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

/**
 * A count typed in a form or sent as JSON (XP, prestige points): undefined when blank, so the caller can say it is
 * required. Text is read as decimal digits only (a spreadsheet's 1e3 or 0x10 is not 1000 or 16); anything else
 * (true, [5]) is NaN.
 */
export function readCount(value: unknown): number | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** A record's id in a payload or a query: a positive whole number, at most PostgreSQL's integer. */
export const requiredId = (field: string) =>
  numberInput(
    z
      .number({ error: requiredMessage(field) })
      .int({ error: requiredMessage(field) })
      .positive({ error: requiredMessage(field) })
      .max(MAX_RECORD_ID, { error: `${field} is not a known record` }),
  );

/**
 * Free text as a member types it: no NUL character (U+0000), which no text column can store and no keyboard
 * produces. Every text field of a payload or query goes through this or the helpers below.
 */
export function plainText(field: string, max = 255) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !value.includes('\u0000'), { error: NUL_MESSAGE(field) });
}

/** A trimmed, non-empty string whose message names the field. */
export function requiredText(field: string, max = 255) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !value.includes('\u0000'), { error: NUL_MESSAGE(field) });
}

export function optionalText(field: string, max = 255) {
  return plainText(field, max).nullish();
}

/** Dates the society deals in: memberships, documents, birthdays. Outside this range a date is a typing slip. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';

/** A calendar date written YYYY-MM-DD that exists (no 2023-02-30) and lies between EARLIEST_DATE and LATEST_DATE. */
export function dateField(field: string) {
  return z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(
      (value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
      },
      { error: `${field} must be a real date` },
    )
    .refine((value) => value >= EARLIEST_DATE && value <= LATEST_DATE, {
      error: `${field} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
    });
}

export function emailField(field = 'email') {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { error: requiredMessage(field) })
    .max(254, { error: `${field} must be at most 254 characters` })
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));
}
