import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { overviewSchema } from '@guildhall/shared/schemas/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadActor } from '../../auth/actor';
import { forbidden } from '../../errors';
import { getOverview } from './overview.service';

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // DESIGN §3: overview figures; a member's own, or any member's for an administrator.
  app.get(
    '/user/:id/overview',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['users'], security: [{ bearer: [] }], params: idParam, response: { 200: singleEnvelope(overviewSchema) } },
    },
    async (req) => {
      const { id } = req.params;
      if (id !== req.actor.id_user && !req.actor.isAdmin) throw forbidden('users.forbidden', "You may not view another member's overview.");
      const subject = id === req.actor.id_user ? req.actor : await loadActor(db, { id_user: id, sid: '' }).catch(() => req.actor);
      return { result: await getOverview(db, id, subject) };
    },
  );
};
