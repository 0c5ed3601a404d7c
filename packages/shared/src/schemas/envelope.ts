// DESIGN §3 envelopes and paging, shared by the API's route schemas and the SPA's typed client.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_RECORD_ID } from '../constants';

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function singleEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ result, extra: z.record(z.string(), z.unknown()).optional() });
}

export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.object({ result: z.object({ rows: z.array(row), count: z.number().int() }) });
}

export interface ListResult<T> {
  rows: T[];
  count: number;
}

/** What a list endpoint's query carries after parsing (see pagingQuery). */
export interface Paging<S extends string = string> {
  sortBy: S;
  direction: 'asc' | 'desc';
  page: number;
  count: number;
}

/** Paging query for a list whose sortable columns are `sortable`; sortBy outside that list is a 400. */
export function pagingQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
  defaultDirection: 'asc' | 'desc' = 'asc',
) {
  return z.object({
    sortBy: z.enum(sortable).default(defaultSort as never),
    direction: z.enum(['asc', 'desc']).default(defaultDirection),
    page: z.coerce.number().int().min(1).default(1),
    count: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  });
}

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive({ error: 'id must be a positive whole number' })
    // Past PostgreSQL's integer no record can have it: a 400 naming id, before any statement runs.
    .max(MAX_RECORD_ID, { error: 'id is not a known record' }),
});
