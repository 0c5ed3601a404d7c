// DESIGN §3 notifications: the signed-in member's own, newest first; reading marks them read (some, or all).
import { listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { notificationSchema, notificationsQuery, notificationsReadSchema } from '@guildhall/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNotifications, markRead } from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        querystring: notificationsQuery,
        response: { 200: listEnvelope(notificationSchema).extend({ extra: z.object({ unread: z.number().int() }) }) },
      },
    },
    async (req) => {
      const { unread, ...result } = await listNotifications(db, req.actor.id_user, req.query);
      return { result, extra: { unread } };
    },
  );
  app.post(
    '/notifications/read',
    {
      schema: { tags, body: notificationsReadSchema, response: { 200: singleEnvelope(z.object({ updated: z.number().int() })) } },
    },
    async (req) => ({ result: { updated: await markRead(db, req.actor.id_user, req.body.ids ?? 'all') } }),
  );
};
