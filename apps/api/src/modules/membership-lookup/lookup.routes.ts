// SPEC §7 GET /users: staff and administrators; email only for coordinators and administrators (DESIGN §5).
import { listEnvelope } from '@guildhall/shared/schemas/envelope';
import { lookupQuery, lookupRowSchema } from '@guildhall/shared/schemas/membership-lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isCoordinator, isStaff } from '../../auth/actor';
import { forbidden } from '../../errors';
import { lookupMembers } from './lookup.service';

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['users'], security: [{ bearer: [] }], querystring: lookupQuery, response: { 200: listEnvelope(lookupRowSchema) } },
    },
    async (req) => {
      if (!isStaff(req.actor)) throw forbidden('lookup.forbidden', 'Only staff may look members up.');
      const withEmail = isCoordinator(req.actor);
      if (req.query.email && !withEmail)
        throw forbidden('lookup.email_forbidden', 'Only coordinators and administrators may search by email.');
      return { result: await lookupMembers(app.deps.db, req.query, { withEmail }) };
    },
  );
};
