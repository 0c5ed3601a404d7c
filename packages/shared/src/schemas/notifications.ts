import { z } from 'zod';
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

/** Marks the given notifications read, or all of the member's when `ids` is absent. */
export const notificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() });
