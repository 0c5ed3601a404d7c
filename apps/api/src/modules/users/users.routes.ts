// SPEC §7 user calls.
import { idParam } from '@guildhall/shared/schemas/envelope';
import { profileUpdateSchema } from '@guildhall/shared/schemas/profile';
import { OWN_ABILITIES, userSchema } from '@guildhall/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usersErrors } from './users.errors';
import { ownAbilities, usersPolicy } from './users.policy';
import { getUser, updateProfile } from './users.service';

const tags = ['users'];
const userResponse = z.object({
  result: userSchema,
  extra: z.object({ abilities: z.array(z.enum(OWN_ABILITIES)) }).optional(),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/user/:id', { schema: { tags, params: idParam, response: { 200: userResponse } } }, async (req) => {
    const { id } = req.params;
    await usersPolicy.assert(db, req.actor, 'view', id);
    const user = await getUser(db, id, { withContacts: await usersPolicy.can(db, req.actor, 'viewContacts', id) });
    return id === req.actor.id_user ? { result: user, extra: { abilities: await ownAbilities(db, req.actor) } } : { result: user };
  });

  app.post('/user/:id', { schema: { tags, params: idParam, body: profileUpdateSchema, response: { 200: userResponse } } }, async (req) => {
    const { id } = req.params;
    await usersPolicy.assert(db, req.actor, 'edit', id);
    if (req.body.id_user !== id) throw usersErrors.idMismatch();
    await updateProfile(db, id, req.body);
    return { result: await getUser(db, id, { withContacts: true }) };
  });
};
