import { idParam, listEnvelope } from '@guildhall/shared/schemas/envelope';
import { positionSchema } from '@guildhall/shared/schemas/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positionsOfLocation } from './positions.service';

export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any member may see who holds the posts of a domain (SPEC §2 Overview and Domain List). Id 0: no domain.
  app.get(
    '/positions/domain/:id',
    {
      schema: {
        tags: ['positions'],
        params: idParam.extend({ id: z.coerce.number().int().min(0) }),
        response: { 200: listEnvelope(positionSchema) },
      },
    },
    async (req) => {
      const rows = req.params.id === 0 ? [] : await positionsOfLocation(app.deps.db, req.params.id, { includeVenuePosts: true });
      return { result: { rows, count: rows.length } };
    },
  );
};
