// SPEC §7 venue calls: venue types, the VSS list, a style sheet, adding and updating one, its items, and the
// census (POST /venues-with-character-count/get). GET /venues/domain/{id} lives with the domains.
import { venueTypeSchema } from '@guildhall/shared/schemas/locations';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  VENUE_ABILITIES,
  venueCensusQuery,
  venueCensusRowSchema,
  venueFormSchema,
  venueItemAddSchema,
  venueItemSchema,
  venueItemsQuery,
  venueListFilters,
  venueListQuery,
  venueRowSchema,
  venueSchema,
} from '@guildhall/shared/schemas/venues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../auth/actor';
import { charactersPolicy } from '../characters/characters.policy';
import { venuesErrors } from './venues.errors';
import { venuesWithCharacterCount } from './census.service';
import { venuesPolicy } from './venues.policy';
import { addVenue, addVenueItem, getVenue, listVenueItems, listVenues, listVenueTypes, updateVenue, venueFacts } from './venues.service';

const tags = ['venues'];
const venueEnvelope = singleEnvelope(venueSchema).extend({ extra: z.object({ abilities: z.array(z.enum(VENUE_ABILITIES)) }) });
const created = (key: string) => singleEnvelope(z.object({ [key]: z.number().int() }));

export const venuesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const withAbilities = async (actor: Actor, id: number) => {
    const result = await getVenue(db, id);
    return { result, extra: { abilities: await venuesPolicy.abilities(db, actor, result, VENUE_ABILITIES) } };
  };

  app.get('/venue-types/get', { schema: { tags, response: { 200: listEnvelope(venueTypeSchema) } } }, async () => {
    const rows = await listVenueTypes(db);
    return { result: { rows, count: rows.length } };
  });

  app.post(
    '/venues/get',
    { schema: { tags, querystring: venueListQuery, body: venueListFilters, response: { 200: listEnvelope(venueRowSchema) } } },
    async (req) => ({
      result: await listVenues(db, req.query, req.body, (venue) => venuesPolicy.abilities(db, req.actor, venue, VENUE_ABILITIES)),
    }),
  );

  app.get('/venue/:id', { schema: { tags, params: idParam, response: { 200: venueEnvelope } } }, async (req) => {
    await venuesPolicy.assert(db, req.actor, 'view', await venueFacts(db, req.params.id));
    return withAbilities(req.actor, req.params.id);
  });

  app.post('/venue/add', { schema: { tags, body: venueFormSchema, response: { 200: created('id_venue') } } }, async (req) => {
    await venuesPolicy.assert(db, req.actor, 'add', { id_user_st: req.actor.id_user });
    return { result: { id_venue: await addVenue(db, req.actor.id_user, req.body) } };
  });

  app.post(
    '/venue/:id/update',
    { schema: { tags, params: idParam, body: venueFormSchema, response: { 200: venueEnvelope } } },
    async (req) => {
      const facts = await venueFacts(db, req.params.id);
      await venuesPolicy.assert(db, req.actor, 'edit', facts);
      await updateVenue(db, req.params.id, facts, req.body);
      return withAbilities(req.actor, req.params.id);
    },
  );

  app.get(
    '/venue-items/venue/:id',
    { schema: { tags, params: idParam, querystring: venueItemsQuery, response: { 200: listEnvelope(venueItemSchema) } } },
    async (req) => {
      await venuesPolicy.assert(db, req.actor, 'view', await venueFacts(db, req.params.id));
      return { result: await listVenueItems(db, req.params.id, req.query) };
    },
  );

  app.post('/venue-items/add', { schema: { tags, body: venueItemAddSchema, response: { 200: created('id_venue_item') } } }, async (req) => {
    const facts = await venueFacts(db, req.body.id_venue, venuesErrors.unknownVenue);
    await venuesPolicy.assert(db, req.actor, 'addItem', facts);
    return { result: { id_venue_item: await addVenueItem(db, req.actor.id_user, facts, req.body) } };
  });

  app.post(
    '/venues-with-character-count/get',
    { schema: { tags, querystring: venueCensusQuery, response: { 200: listEnvelope(venueCensusRowSchema) } } },
    async (req) => {
      // Who is on which sheet is the character search's audience: staff and storytellers.
      await charactersPolicy.assert(db, req.actor, 'search', { id_user: req.actor.id_user, venue_st: null });
      return { result: await venuesWithCharacterCount(db, req.query) };
    },
  );
};
