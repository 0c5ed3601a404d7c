// Issue 28: scheduling games, reading them, editing one or a series, cancelling one, signing up and withdrawing.
import { GAME_ABILITIES, gameAddSchema, gameSchema, gamesQuery, gameUpdateSchema, signupSchema } from '@guildhall/shared/schemas/games';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { gamesPolicy } from './games.policy';
import { gameFacts, scheduleFacts } from './game-facts.service';
import { cancelGame, findGame, listGames, scheduleGame, type ShownGame, updateGame } from './games.service';
import { signUp, withdraw } from './signups.service';

const tags = ['games'];

/** A game as the API sends it: without the policy's facts, with what the caller may do. */
export async function presentGame(db: Db, actor: Actor, { facts, ...game }: ShownGame) {
  return { ...game, abilities: await gamesPolicy.abilities(db, actor, facts, GAME_ABILITIES) };
}

export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/games/add',
    { schema: { tags, body: gameAddSchema, response: { 200: singleEnvelope(z.object({ ids: z.array(z.number().int()) })) } } },
    async (req) => {
      const where = await scheduleFacts(db, req.body);
      await gamesPolicy.assert(db, req.actor, 'schedule', where);
      return { result: { ids: await scheduleGame(db, req.actor.id_user, req.body, where) } };
    },
  );

  app.get('/games', { schema: { tags, querystring: gamesQuery, response: { 200: listEnvelope(gameSchema) } } }, async (req) => {
    const page = await listGames(db, req.actor.id_user, req.query);
    return { result: { rows: await Promise.all(page.rows.map((g) => presentGame(db, req.actor, g))), count: page.count } };
  });

  app.get('/games/:id', { schema: { tags, params: idParam, response: { 200: singleEnvelope(gameSchema) } } }, async (req) => ({
    result: await presentGame(db, req.actor, await findGame(db, req.actor.id_user, req.params.id)),
  }));

  app.post(
    '/games/:id/update',
    { schema: { tags, params: idParam, body: gameUpdateSchema, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await gamesPolicy.assert(db, req.actor, 'edit', await gameFacts(db, req.params.id));
      await updateGame(db, req.params.id, req.body, req.actor.id_user);
      return { result: true };
    },
  );

  app.post('/games/:id/cancel', { schema: { tags, params: idParam, response: { 200: singleEnvelope(z.boolean()) } } }, async (req) => {
    await gamesPolicy.assert(db, req.actor, 'cancel', await gameFacts(db, req.params.id));
    await cancelGame(db, req.params.id, req.actor.id_user);
    return { result: true };
  });

  app.post(
    '/games/:id/signup',
    {
      schema: {
        tags,
        params: idParam,
        body: signupSchema,
        response: { 200: singleEnvelope(z.object({ status: z.enum(['going', 'waiting']) })) },
      },
    },
    async (req) => {
      await gamesPolicy.assert(db, req.actor, 'signUp', await gameFacts(db, req.params.id));
      return { result: { status: await signUp(db, req.actor.id_user, req.params.id, req.body) } };
    },
  );

  app.post('/games/:id/withdraw', { schema: { tags, params: idParam, response: { 200: singleEnvelope(z.boolean()) } } }, async (req) => {
    await gamesPolicy.assert(db, req.actor, 'signUp', await gameFacts(db, req.params.id));
    await withdraw(db, req.actor.id_user, req.params.id);
    return { result: true };
  });
};
