import {
  positionAddSchema,
  positionAssignSchema,
  positionHoldingSchema,
  positionRowSchema,
  positionsQuery,
} from '@guildhall/shared/schemas/administration';
import { MAX_RECORD_ID } from '@guildhall/shared/constants';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { positionSchema } from '@guildhall/shared/schemas/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addPosition, assignPosition, endPosition } from './positions.admin';
import { listPositions, positionHistory } from './positions.list';
import { positionsPolicy } from './positions.policy';
import { positionsOfLocation } from './positions.service';

export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any member may see who holds the posts of a domain (SPEC §2 Overview and Domain List). Id 0: no domain.
  app.get(
    '/positions/domain/:id',
    {
      schema: {
        tags: ['positions'],
        // 0 (no domain chosen) lists nothing; past PostgreSQL's integer, a 400 naming id as idParam's.
        params: idParam.extend({ id: z.coerce.number().int().min(0).max(MAX_RECORD_ID, { error: 'id is not a known record' }) }),
        response: { 200: listEnvelope(positionSchema) },
      },
    },
    async (req) => {
      const rows = req.params.id === 0 ? [] : await positionsOfLocation(app.deps.db, req.params.id, { includeVenuePosts: true });
      return { result: { rows, count: rows.length } };
    },
  );

  // Issue 13: the Administration section's Positions tab (administrators only).
  const { db } = app.deps;
  const admin = { tags: ['administration'] };

  app.get(
    '/positions',
    { schema: { ...admin, querystring: positionsQuery, response: { 200: listEnvelope(positionRowSchema) } } },
    async (req) => {
      await positionsPolicy.assert(db, req.actor, 'manage', null);
      return { result: await listPositions(db, req.query) };
    },
  );

  app.post(
    '/positions/add',
    { schema: { ...admin, body: positionAddSchema, response: { 200: singleEnvelope(z.object({ id_position: z.number().int() })) } } },
    async (req) => {
      await positionsPolicy.assert(db, req.actor, 'manage', null);
      return { result: { id_position: await addPosition(db, req.actor.id_user, req.body) } };
    },
  );

  app.post(
    '/positions/:id/assign',
    {
      schema: {
        ...admin,
        params: idParam,
        body: positionAssignSchema,
        response: { 200: singleEnvelope(z.object({ moved: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      await positionsPolicy.assert(db, req.actor, 'manage', null);
      return { result: await assignPosition(db, req.actor.id_user, req.params.id, req.body.id_user) };
    },
  );

  app.post('/positions/:id/end', { schema: { ...admin, params: idParam, response: { 200: singleEnvelope(z.boolean()) } } }, async (req) => {
    await positionsPolicy.assert(db, req.actor, 'manage', null);
    await endPosition(db, req.actor.id_user, req.params.id);
    return { result: true };
  });

  app.get(
    '/positions/:id/history',
    { schema: { ...admin, params: idParam, response: { 200: listEnvelope(positionHoldingSchema) } } },
    async (req) => {
      await positionsPolicy.assert(db, req.actor, 'manage', null);
      const rows = await positionHistory(db, req.params.id);
      return { result: { rows, count: rows.length } };
    },
  );
};
