// SPEC §7 GET /venue-types/get (any signed-in member: the character search and style-sheet forms choose from it).
import { listEnvelope } from '@guildhall/shared/schemas/envelope';
import { venueTypeSchema } from '@guildhall/shared/schemas/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listVenueTypes } from './venues.service';

export const venuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/venue-types/get', { schema: { tags: ['venues'], response: { 200: listEnvelope(venueTypeSchema) } } }, async () => {
    const rows = await listVenueTypes(app.deps.db);
    return { result: { rows, count: rows.length } };
  });
};
