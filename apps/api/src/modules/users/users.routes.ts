// SPEC §7 user calls.
import { idParam } from '@guildhall/shared/schemas/envelope';
import { profileUpdateSchema } from '@guildhall/shared/schemas/profile';
import { SHELL_ABILITIES, userSchema } from '@guildhall/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors';
import { usersPolicy } from './users.policy';
import { getUser, updateProfile } from './users.service';

const userResponse = z.object({
  result: userSchema,
  extra: z.object({ abilities: z.array(z.enum(SHELL_ABILITIES)) }).optional(),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/user/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['users'], security: [{ bearer: [] }], params: idParam, response: { 200: userResponse } },
    },
    async (req) => {
      const { id } = req.params;
      if (!usersPolicy.canView(req.actor, id)) throw forbidden('users.forbidden', "You may not view another member's record.");
      const user = await getUser(db, id, { withContacts: usersPolicy.canSeeContacts(req.actor, id) });
      return id === req.actor.id_user ? { result: user, extra: { abilities: usersPolicy.shellAbilities(req.actor) } } : { result: user };
    },
  );

  app.post(
    '/user/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['users'], security: [{ bearer: [] }], params: idParam, body: profileUpdateSchema, response: { 200: userResponse } },
    },
    async (req) => {
      const { id } = req.params;
      if (!usersPolicy.canEdit(req.actor, id)) throw forbidden('users.forbidden', "You may not edit another member's profile.");
      if (req.body.id_user !== id)
        throw badRequest('users.id_mismatch', 'id_user must match the member in the path', [
          { path: 'id_user', message: 'must match the path' },
        ]);
      await updateProfile(db, id, req.body);
      return { result: await getUser(db, id, { withContacts: true }) };
    },
  );
};
