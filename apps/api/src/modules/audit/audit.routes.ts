// Issue 13: the audit log, for administrators.
import { auditQuery, auditRowSchema } from '@guildhall/shared/schemas/administration';
import { listEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { administrationPolicy } from '../administration/administration.policy';
import { listAudit } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/audit-log',
    { schema: { tags: ['administration'], querystring: auditQuery, response: { 200: listEnvelope(auditRowSchema) } } },
    async (req) => {
      await administrationPolicy.assert(db, req.actor, 'viewAudit', null);
      return { result: await listAudit(db, req.query) };
    },
  );
};
