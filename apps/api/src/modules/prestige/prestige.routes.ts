// SPEC §7 /prestiges/* calls.
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  prestigeAddSchema,
  prestigeAggregatesSchema,
  prestigeDeleteSchema,
  prestigeEntrySchema,
  prestigeListQuery,
} from '@guildhall/shared/schemas/prestige';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors';
import { prestigePolicy } from './prestige.policy';
import { addPrestige, deletePrestige, findPrestigeOwner, listPrestige, prestigeAggregates } from './prestige.service';

const secured = { security: [{ bearer: [] }], tags: ['prestige'] };
const notYours = () => forbidden('prestige.forbidden', "You may not see this member's prestige.");

export const prestigeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/prestiges/user/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        ...secured,
        params: idParam,
        querystring: prestigeListQuery,
        response: { 200: listEnvelope(prestigeEntrySchema).extend({ extra: z.object({ abilities: z.array(z.enum(['delete'])) }) }) },
      },
    },
    async (req) => {
      if (!(await prestigePolicy.canView(db, req.actor, req.params.id))) throw notYours();
      const [result, canDelete] = await Promise.all([
        listPrestige(db, req.params.id, req.query),
        prestigePolicy.canDelete(db, req.actor, req.params.id),
      ]);
      return { result, extra: { abilities: canDelete ? ['delete' as const] : [] } };
    },
  );

  app.get(
    '/prestiges/user/:id/aggregates',
    { onRequest: [app.authenticate], schema: { ...secured, params: idParam, response: { 200: singleEnvelope(prestigeAggregatesSchema) } } },
    async (req) => {
      if (!(await prestigePolicy.canView(db, req.actor, req.params.id))) throw notYours();
      return { result: await prestigeAggregates(db, req.params.id) };
    },
  );

  app.post(
    '/prestiges/add',
    {
      onRequest: [app.authenticate],
      schema: { ...secured, body: prestigeAddSchema, response: { 200: singleEnvelope(z.object({ id_prestige: z.number().int() })) } },
    },
    async (req) => {
      if (!prestigePolicy.canAdd(req.actor)) throw forbidden('prestige.forbidden', 'Only staff may submit prestige.');
      return { result: { id_prestige: await addPrestige(db, req.actor.id_user, req.body) } };
    },
  );

  app.post(
    '/prestiges/delete/:id',
    {
      onRequest: [app.authenticate],
      schema: { ...secured, params: idParam, body: prestigeDeleteSchema.optional(), response: { 200: singleEnvelope(z.boolean()) } },
    },
    async (req) => {
      const owner = await findPrestigeOwner(db, req.params.id);
      if (!(await prestigePolicy.canDelete(db, req.actor, owner)))
        throw forbidden('prestige.forbidden', 'You may not delete this prestige entry.');
      if (req.body?.userId !== undefined && req.body.userId !== owner) {
        throw badRequest('prestige.user_mismatch', 'userId does not own this prestige entry', [
          { path: 'userId', message: 'does not own this entry' },
        ]);
      }
      await deletePrestige(db, req.params.id);
      return { result: true };
    },
  );
};
