import { z } from 'zod';
import { MAX_RECORD_ID } from '../constants';
import { pagingQuery } from './envelope';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = pagingQuery(['created_at'] as const, 'created_at', 'desc');

/** Marks the given notifications read (`ids`), or all of the member's (`all: true`): one or the other. */
export const notificationsReadSchema = z
  .object({
    ids: z
      .array(z.number().int().positive().max(MAX_RECORD_ID, { error: 'is not a known notification' }))
      .min(1)
      .max(100)
      .optional(),
    all: z.literal(true, { error: 'all must be true when given' }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    path: ['all'],
    message: 'give either ids or all: true',
  });
