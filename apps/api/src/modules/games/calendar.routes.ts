// Issue 28: the member's private calendar address (shown on the profile) and the feed it answers.
import { calendarFeedSchema } from '@guildhall/shared/schemas/games';
import { singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFor, feedToken, feedUrl, renewFeed, revokeFeed } from './calendar.service';
import { gamesErrors } from './games.errors';

const tags = ['games'];
const feedEnvelope = { 200: singleEnvelope(calendarFeedSchema) };

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const url = (token: string | null) => (token ? feedUrl(config.publicUrl, token) : null);

  app.get('/calendar/feed', { schema: { tags, response: feedEnvelope } }, async (req) => ({
    result: { url: url(await feedToken(db, req.actor.id_user)) },
  }));

  app.post('/calendar/feed/renew', { schema: { tags, response: feedEnvelope } }, async (req) => ({
    result: { url: url(await renewFeed(db, req.actor.id_user)) },
  }));

  app.post('/calendar/feed/revoke', { schema: { tags, response: feedEnvelope } }, async (req) => {
    await revokeFeed(db, req.actor.id_user);
    return { result: { url: null } };
  });

  // The address itself is the key (calendar applications send no bearer token).
  app.get(
    '/calendar/:file',
    { config: { public: true }, schema: { tags, params: z.object({ file: z.string().max(100) }) } },
    async (req, reply) => {
      const token = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(req.params.file)?.[1];
      if (!token) throw gamesErrors.feedNotFound();
      const body = await calendarFor(db, token, config.publicUrl);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
    },
  );
};
