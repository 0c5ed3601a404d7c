// Issue 26 (GDPR Art. 17): an administrator previews an erasure, then confirms it.
import { erasurePreviewSchema } from '@guildhall/shared/schemas/data-exchange';
import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExchangePolicy } from './data-exchange.policy';
import { erasurePreview, eraseMember } from './erasure';

const tags = ['data-exchange'];

export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/users/:id/erasure',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(erasurePreviewSchema) } } },
    async (req) => {
      await dataExchangePolicy.assert(db, req.actor, 'erase', req.params.id);
      return { result: await erasurePreview(db, req.params.id) };
    },
  );

  app.post('/users/:id/erase', { schema: { tags, params: idParam, response: { 200: singleEnvelope(z.boolean()) } } }, async (req) => {
    await dataExchangePolicy.assert(db, req.actor, 'erase', req.params.id);
    await eraseMember(db, req.actor.id_user, req.params.id);
    return { result: true };
  });
};
