// Issue 13: the Administration section's member calls (SPEC §7 POST /users and the membership changes).
import {
  memberCreatedSchema,
  memberCreateSchema,
  membershipUpdateSchema,
  setPasswordLinkSchema,
} from '@guildhall/shared/schemas/administration';
import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { optionalText } from '@guildhall/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../users/users.service';
import { administrationPolicy } from './administration.policy';
import { createMember, reissueLink, setDisabled, updateMembership } from './members.service';

const tags = ['administration'];
const noteBody = z.object({ note: optionalText('note', 500) }).nullish();

export const administrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const linkOptions = { embedded: !config.externalOidc, publicUrl: config.publicUrl };

  app.post('/users', { schema: { tags, body: memberCreateSchema, response: { 200: memberCreatedSchema } } }, async (req) => {
    await administrationPolicy.assert(db, req.actor, 'createMember', null);
    const { id_user, link } = await createMember(db, req.actor.id_user, req.body, linkOptions);
    return { result: await getUser(db, id_user, { withContacts: true }), extra: { setPasswordLink: link } };
  });

  app.post(
    '/users/:id/membership',
    { schema: { tags, params: idParam, body: membershipUpdateSchema, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await administrationPolicy.assert(db, req.actor, 'editMembership', req.params.id);
      await updateMembership(db, req.actor.id_user, req.params.id, req.body);
      return { result: true };
    },
  );

  app.post(
    '/users/:id/deactivate',
    { schema: { tags, params: idParam, body: noteBody, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await administrationPolicy.assert(db, req.actor, 'deactivate', req.params.id);
      await setDisabled(db, req.actor.id_user, req.params.id, true, req.body?.note);
      return { result: true };
    },
  );

  app.post(
    '/users/:id/reactivate',
    { schema: { tags, params: idParam, body: noteBody, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await administrationPolicy.assert(db, req.actor, 'reactivate', req.params.id);
      await setDisabled(db, req.actor.id_user, req.params.id, false, req.body?.note);
      return { result: true };
    },
  );

  app.post(
    '/users/:id/set-password-link',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(setPasswordLinkSchema) } } },
    async (req) => {
      await administrationPolicy.assert(db, req.actor, 'setPasswordLink', req.params.id);
      return { result: await reissueLink(db, req.actor.id_user, req.params.id, linkOptions) };
    },
  );
};
