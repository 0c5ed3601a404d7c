// Issue 28: the door — who is expected, checking in, closing the game and correcting attendance afterwards.
import {
  attendeeSchema,
  attendeesQuery,
  checkinResultSchema,
  checkinSchema,
  closeResultSchema,
  correctionSchema,
} from '@guildhall/shared/schemas/games';
import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkIn, closeGame, correctAttendance } from './attendance.service';
import { doorListJson, walkInSearch } from './door-list.service';
import { type GameFacts, gamesPolicy } from './games.policy';
import { gameFacts } from './game-facts.service';

const tags = ['games'];

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/games/:id/attendees',
    { schema: { tags, params: idParam, querystring: attendeesQuery, response: { 200: singleEnvelope(z.array(attendeeSchema)) } } },
    async (req, reply) => {
      const id_game = req.params.id;
      // The door list is the check-in page's: who may check in (or correct, afterwards) may read it.
      const mayRead = async (facts: GameFacts) => {
        if (!(await gamesPolicy.can(db, req.actor, 'correct', facts))) await gamesPolicy.assert(db, req.actor, 'checkIn', facts);
      };
      const search = req.query.q?.trim();
      let json: string;
      if (search) {
        // A search (never kept) reads the game's facts with its answer in one round trip; nothing is sent unless allowed.
        const found = await walkInSearch(db, id_game, search);
        await mayRead(found.facts);
        json = found.json;
      } else {
        const facts = await gameFacts(db, id_game);
        await mayRead(facts);
        json = await doorListJson(db, { id_game, ...facts });
      }
      // The list comes as JSON text from PostgreSQL (door-list.service.ts), in the envelope, unparsed.
      return reply.type('application/json; charset=utf-8').send(`{"result":${json}}` as never);
    },
  );

  app.post(
    '/games/:id/checkins',
    { schema: { tags, params: idParam, body: checkinSchema, response: { 200: singleEnvelope(checkinResultSchema) } } },
    async (req) => {
      await gamesPolicy.assert(db, req.actor, 'checkIn', await gameFacts(db, req.params.id));
      return { result: await checkIn(db, req.actor.id_user, req.params.id, req.body) };
    },
  );

  app.post('/games/:id/close', { schema: { tags, params: idParam, response: { 200: singleEnvelope(closeResultSchema) } } }, async (req) => {
    await gamesPolicy.assert(db, req.actor, 'close', await gameFacts(db, req.params.id));
    return { result: await closeGame(db, req.actor, req.params.id) };
  });

  app.post(
    '/games/:id/corrections',
    { schema: { tags, params: idParam, body: correctionSchema, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await gamesPolicy.assert(db, req.actor, 'correct', await gameFacts(db, req.params.id));
      await correctAttendance(db, req.actor, req.params.id, req.body);
      return { result: true };
    },
  );
};
