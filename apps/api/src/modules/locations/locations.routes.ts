// SPEC §7 domain calls and GET /venues/domain/{id}; any signed-in member reads them (the Domain List).
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  byParentsBody,
  domainContentQuery,
  domainContentSchema,
  locationSchema,
  venueSummarySchema,
  venuesOfDomainQuery,
} from '@guildhall/shared/schemas/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainContent, domainsBody, locationExists, locationNotFound, locationsByParents, venuesOfLocation } from './locations.service';

const tags = ['domains'];

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // Already serialised and encoded (domainsBody): the bytes go out as they are, with the JSON content type.
  app.get('/domains', { schema: { tags, response: { 200: listEnvelope(locationSchema) } } }, async (_req, reply) =>
    // The type provider types send() by the response schema; this string is that schema's output.
    reply.type('application/json; charset=utf-8').send((await domainsBody(db)) as never),
  );

  app.post(
    '/domains/getbyparents',
    { schema: { tags, body: byParentsBody, response: { 200: listEnvelope(locationSchema) } } },
    async (req) => {
      const rows = await locationsByParents(db, req.body.parentIds);
      return { result: { rows, count: rows.length } };
    },
  );

  app.get(
    '/domains/content',
    {
      schema: { tags, querystring: domainContentQuery, response: { 200: singleEnvelope(domainContentSchema) } },
    },
    async (req) => ({ result: await domainContent(db, req.query.ids) }),
  );

  app.get(
    '/venues/domain/:id',
    {
      schema: {
        tags: ['venues'],
        params: idParam,
        querystring: venuesOfDomainQuery,
        response: { 200: listEnvelope(venueSummarySchema) },
      },
    },
    async (req) => {
      if (!(await locationExists(db, req.params.id))) throw locationNotFound();
      return { result: await venuesOfLocation(db, req.params.id, req.query) };
    },
  );
};
