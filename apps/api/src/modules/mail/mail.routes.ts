// Issue 25: a member's e-mail settings, the administrators' outbox, and the one-click unsubscribe link (RFC 8058)
// that works without signing in: POST changes the setting (mail clients' one click), GET only shows a page to confirm.
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  mailPreferencesSchema,
  mailPreferencesUpdateSchema,
  outboxMessageSchema,
  outboxQuery,
  unsubscribeParams,
} from '@guildhall/shared/schemas/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from './mail.outbox-list';
import { mailPolicy } from './mail.policy';
import { confirmAddress, getMailPreferences, setMailPreferences, unsubscribe } from './mail.preferences';
import { unsubscribePage } from './unsubscribe-page';

const tags = ['mail'];

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const society = config.mail.societyName;
  // Mail clients post `List-Unsubscribe=One-Click` as a form, urlencoded or multipart (RFC 8058 §3.1); only the
  // token in the path matters, so the body is read (within a small limit) and ignored.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (!app.hasContentTypeParser(type))
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
  }

  app.get(
    '/user/:id/mail-preferences',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(mailPreferencesSchema) } } },
    async (req) => {
      await mailPolicy.assert(db, req.actor, 'viewPreferences', req.params.id);
      const result = await getMailPreferences(db, req.params.id);
      const abilities = await mailPolicy.abilities(db, req.actor, req.params.id, ['editPreferences', 'confirmAddress'] as const);
      return { result, extra: { abilities } };
    },
  );
  app.put(
    '/user/:id/mail-preferences',
    { schema: { tags, params: idParam, body: mailPreferencesUpdateSchema, response: { 200: singleEnvelope(mailPreferencesSchema) } } },
    async (req) => {
      await mailPolicy.assert(db, req.actor, 'editPreferences', req.params.id);
      await setMailPreferences(db, req.params.id, req.body.preferences);
      return { result: await getMailPreferences(db, req.params.id) };
    },
  );
  app.post(
    '/user/:id/mail-preferences/confirm-address',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(mailPreferencesSchema) } } },
    async (req) => {
      await mailPolicy.assert(db, req.actor, 'confirmAddress', req.params.id);
      await confirmAddress(db, req.params.id);
      return { result: await getMailPreferences(db, req.params.id) };
    },
  );
  app.get(
    '/mail/outbox',
    { schema: { tags, querystring: outboxQuery, response: { 200: listEnvelope(outboxMessageSchema) } } },
    async (req) => {
      await mailPolicy.assert(db, req.actor, 'viewOutbox', null);
      return { result: await listOutbox(db, req.query) };
    },
  );
  app.get('/mail/unsubscribe/:token', { schema: { tags, params: unsubscribeParams }, config: { public: true } }, async (req, reply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(unsubscribePage(society, { ask: req.params.token })),
  );
  app.post(
    '/mail/unsubscribe/:token',
    { schema: { tags, params: unsubscribeParams, response: { 200: z.string() } }, config: { public: true } },
    async (req, reply) => {
      const kinds = await unsubscribe(db, req.params.token);
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(unsubscribePage(society, { done: kinds }));
    },
  );
};
