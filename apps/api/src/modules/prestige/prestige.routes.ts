// SPEC §7 /prestiges/* calls.
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  PRESTIGE_RECORD_ABILITIES,
  prestigeAddSchema,
  prestigeAggregatesSchema,
  prestigeDeleteSchema,
  prestigeEntrySchema,
  prestigeListQuery,
} from '@guildhall/shared/schemas/prestige';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prestigeErrors } from './prestige.errors';
import { prestigePolicy } from './prestige.policy';
import { addPrestige, deletePrestige, findPrestigeOwner, listPrestige, prestigeAggregates } from './prestige.service';

const tags = ['prestige'];
const recordAbilities = z.object({ abilities: z.array(z.enum(PRESTIGE_RECORD_ABILITIES)) });

export const prestigeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/prestiges/user/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: prestigeListQuery,
        response: { 200: listEnvelope(prestigeEntrySchema).extend({ extra: recordAbilities }) },
      },
    },
    async (req) => {
      await prestigePolicy.assert(db, req.actor, 'view', req.params.id);
      const [result, abilities] = await Promise.all([
        listPrestige(db, req.params.id, req.query),
        prestigePolicy.abilities(db, req.actor, req.params.id, ['delete']),
      ]);
      return { result, extra: { abilities } };
    },
  );

  app.get(
    '/prestiges/user/:id/aggregates',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(prestigeAggregatesSchema) } } },
    async (req) => {
      await prestigePolicy.assert(db, req.actor, 'view', req.params.id);
      return { result: await prestigeAggregates(db, req.params.id) };
    },
  );

  app.post(
    '/prestiges/add',
    {
      schema: {
        tags,
        body: prestigeAddSchema,
        // extra.abilities: what the caller may now do with the member's record (e.g. 'view' to open it).
        response: { 200: singleEnvelope(z.object({ id_prestige: z.number().int() })).extend({ extra: recordAbilities }) },
      },
    },
    async (req) => {
      await prestigePolicy.assert(db, req.actor, 'add', req.body.id_user);
      const id_prestige = await addPrestige(db, req.actor.id_user, req.body);
      return { result: { id_prestige }, extra: { abilities: await prestigePolicy.abilities(db, req.actor, req.body.id_user, ['view']) } };
    },
  );

  app.post(
    '/prestiges/delete/:id',
    { schema: { tags, params: idParam, body: prestigeDeleteSchema.optional(), response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      const owner = await findPrestigeOwner(db, req.params.id);
      await prestigePolicy.assert(db, req.actor, 'delete', owner);
      if (req.body?.userId !== undefined && req.body.userId !== owner) throw prestigeErrors.userMismatch();
      await deletePrestige(db, req.actor, req.params.id);
      return { result: true };
    },
  );
};
