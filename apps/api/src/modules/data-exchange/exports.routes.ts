// Issue 26: CSV exports, streamed batch by batch; each asks the policy of the list it exports.
import { auditExportQuery } from '@guildhall/shared/schemas/data-exchange';
import { idParam } from '@guildhall/shared/schemas/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { administrationPolicy } from '../administration/administration.policy';
import { prestigePolicy } from '../prestige/prestige.policy';
import { csvStream } from './csv-write';
import { dataExchangePolicy } from './data-exchange.policy';
import { personalDataZip } from './personal-data';
import { AUDIT_HEADER, auditRows, PRESTIGE_HEADER, prestigeRows } from './exports.service';

const tags = ['data-exchange'];

const sendCsv = (reply: FastifyReply, name: string, body: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(body);

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/audit-log/export', { schema: { tags, querystring: auditExportQuery } }, async (req, reply) => {
    await administrationPolicy.assert(db, req.actor, 'viewAudit', null);
    return sendCsv(reply, 'audit-log', await csvStream(AUDIT_HEADER, auditRows(db, req.query)));
  });

  app.get('/users/:id/data', { schema: { tags, params: idParam } }, async (req, reply) => {
    await dataExchangePolicy.assert(db, req.actor, 'downloadData', req.params.id);
    const zip = await personalDataZip(db, req.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="guildhall-my-data-${req.params.id}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(zip));
  });

  app.get('/prestiges/user/:id/export', { schema: { tags, params: idParam } }, async (req, reply) => {
    await prestigePolicy.assert(db, req.actor, 'view', req.params.id);
    return sendCsv(reply, `prestige-${req.params.id}`, await csvStream(PRESTIGE_HEADER, prestigeRows(db, req.params.id)));
  });
};
