// DESIGN §3 overview figures: a member's own, or any member's for an administrator.
import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { overviewSchema } from '@guildhall/shared/schemas/overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadActor } from '../../auth/actor';
import { usersPolicy } from '../users/users.policy';
import { assertMemberExists } from '../users/users.service';
import { getOverview } from './overview.service';

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/user/:id/overview',
    { schema: { tags: ['users'], params: idParam, response: { 200: singleEnvelope(overviewSchema) } } },
    async (req) => {
      const { id } = req.params;
      await usersPolicy.assert(db, req.actor, 'viewOverview', id);
      // The VST panel depends on the member's own posts, so another member's overview loads them as its subject.
      if (id !== req.actor.id_user) await assertMemberExists(db, id);
      const subject = id === req.actor.id_user ? req.actor : await loadActor(db, { id_user: id, sid: '' });
      return { result: await getOverview(db, id, subject) };
    },
  );
};
