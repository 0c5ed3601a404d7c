// Issue 26: CSV exports, streamed batch by batch; each asks the policy of the list it exports. And a member's data
// download, made in the background (data-downloads.ts).
import { auditExportQuery, dataDownloadSchema, membersExportQuery } from '@guildhall/shared/schemas/data-exchange';
import { idParam, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { coordinatorReach, locationAndBelow } from '../../auth/scope';
import { administrationPolicy } from '../administration/administration.policy';
import { charactersPolicy } from '../characters/characters.policy';
import { coordinatorPolicy } from '../coordinator/coordinator.policy';
import { locationExists, locationNotFound } from '../locations/locations.service';
import { prestigePolicy } from '../prestige/prestige.policy';
import { getUser } from '../users/users.service';
import { venueFacts } from '../venues/venues.service';
import { csvStream } from './csv-write';
import { dataExchangePolicy } from './data-exchange.policy';
import { dataDownloadFile, latestDataDownload, requestDataDownload } from './data-downloads';
import {
  AUDIT_HEADER,
  auditRows,
  domainPrestigeRows,
  MEMBERS_HEADER,
  memberRows,
  LEDGER_HEADER,
  prestigeRows,
  VENUE_CHARACTERS_HEADER,
  venueCharacterRows,
} from './exports.service';

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

  // A member's data (issue 26): asked for, made in the background, then handed over while it is kept.
  app.post(
    '/users/:id/data-downloads',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(dataDownloadSchema) } } },
    async (req) => {
      await dataExchangePolicy.assert(db, req.actor, 'downloadData', req.params.id);
      // An administrator may ask for anyone's: a member who does not exist is a 404, not a row that cannot refer to them.
      await getUser(db, req.params.id, { withContacts: false });
      const { download, building } = await requestDataDownload(db, req.params.id);
      building.catch((error: unknown) => req.log.error({ err: error }, 'a data download could not be made'));
      return { result: download };
    },
  );

  app.get(
    '/users/:id/data-downloads/latest',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(dataDownloadSchema.nullable()) } } },
    async (req) => {
      await dataExchangePolicy.assert(db, req.actor, 'downloadData', req.params.id);
      return { result: await latestDataDownload(db, req.params.id) };
    },
  );

  app.get('/data-downloads/:id/file', { schema: { tags, params: idParam } }, async (req, reply) => {
    const { id_user, zip } = await dataDownloadFile(db, req.params.id);
    await dataExchangePolicy.assert(db, req.actor, 'downloadData', id_user);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="guildhall-my-data-${id_user}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(zip));
  });

  app.get('/prestiges/user/:id/export', { schema: { tags, params: idParam } }, async (req, reply) => {
    await prestigePolicy.assert(db, req.actor, 'view', req.params.id);
    return sendCsv(reply, `prestige-${req.params.id}`, await csvStream(LEDGER_HEADER, prestigeRows(db, req.params.id)));
  });

  // Coordinator › My members with the list's filters; a domain filter outside the caller's reach is refused.
  app.get('/coordinator/members/export', { schema: { tags, querystring: membersExportQuery } }, async (req, reply) => {
    await coordinatorPolicy.assert(db, req.actor, 'open', null);
    if (req.query.locationId) await coordinatorPolicy.assert(db, req.actor, 'viewLocation', req.query.locationId);
    const rows = memberRows(db, await coordinatorReach(db, req.actor), req.query);
    return sendCsv(reply, 'my-members', await csvStream(MEMBERS_HEADER, rows));
  });

  // A style sheet's characters: the sheet's list's audience (staff and storytellers).
  app.get('/characters/venue/:id/export', { schema: { tags, params: idParam } }, async (req, reply) => {
    const venue = await venueFacts(db, req.params.id);
    await charactersPolicy.assert(db, req.actor, 'search', { id_user: req.actor.id_user, venue_st: venue.id_user_st });
    return sendCsv(
      reply,
      `style-sheet-${req.params.id}-characters`,
      await csvStream(VENUE_CHARACTERS_HEADER, venueCharacterRows(db, req.params.id)),
    );
  });

  // A domain's prestige ledger: the entries of the members at home in the domain or below it (decision 111).
  app.get('/prestiges/location/:id/export', { schema: { tags, params: idParam } }, async (req, reply) => {
    await coordinatorPolicy.assert(db, req.actor, 'viewLocation', req.params.id);
    if (!(await locationExists(db, req.params.id))) throw locationNotFound();
    const homes = await locationAndBelow(db, req.params.id);
    return sendCsv(reply, `domain-prestige-${req.params.id}`, await csvStream(LEDGER_HEADER, domainPrestigeRows(db, homes)));
  });
};
