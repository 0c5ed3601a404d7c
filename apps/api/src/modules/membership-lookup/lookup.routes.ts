// SPEC §7 GET /users: staff and administrators; email only for coordinators and administrators (DESIGN §5).
import { listEnvelope } from '@guildhall/shared/schemas/envelope';
import { lookupQuery, lookupRowSchema } from '@guildhall/shared/schemas/membership-lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupPolicy } from './lookup.policy';
import { lookupMembers } from './lookup.service';

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/users',
    { schema: { tags: ['users'], querystring: lookupQuery, response: { 200: listEnvelope(lookupRowSchema) } } },
    async (req) => {
      await lookupPolicy.assert(db, req.actor, 'search', null);
      if (req.query.email) await lookupPolicy.assert(db, req.actor, 'searchByEmail', null);
      const withEmail = await lookupPolicy.can(db, req.actor, 'searchByEmail', null);
      return { result: await lookupMembers(db, req.query, { withEmail }) };
    },
  );
};
