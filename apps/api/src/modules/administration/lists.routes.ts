// Issue 13: Administration › Locations and lists — regions and domains, venue types, character types and
// subtypes, and the member-class ladder (administrators only; reading them stays open to every member).
import {
  characterSubtypeSaveSchema,
  characterTypeSaveSchema,
  locationAddSchema,
  locationUpdateSchema,
  mcLevelRowSchema,
  mcLevelSchema,
  venueTypeSaveSchema,
} from '@guildhall/shared/schemas/administration';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administrationPolicy } from './administration.policy';
import { addLocation, mcLadder, type NAMED_LISTS, saveListItem, saveMcLevel, updateLocation } from './lists.service';

const tags = ['administration'];
const created = { 200: singleEnvelope(z.object({ id: z.number().int() })) };
const done = { 200: singleEnvelope(z.boolean()) };

export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const admin = (req: { actor: Parameters<typeof administrationPolicy.assert>[1] }) =>
    administrationPolicy.assert(db, req.actor, 'manageLocations', null);

  app.post('/domains/add', { schema: { tags, body: locationAddSchema, response: created } }, async (req) => {
    await admin(req);
    return { result: { id: await addLocation(db, req.actor.id_user, req.body) } };
  });
  app.post('/domains/:id/update', { schema: { tags, params: idParam, body: locationUpdateSchema, response: done } }, async (req) => {
    await admin(req);
    await updateLocation(db, req.actor.id_user, req.params.id, req.body);
    return { result: true };
  });

  const lists = [
    ['/venue-types', 'venueType', venueTypeSaveSchema],
    ['/character-types', 'characterType', characterTypeSaveSchema],
    ['/character-subtypes', 'characterSubtype', characterSubtypeSaveSchema],
  ] as const;
  for (const [path, list, schema] of lists) {
    app.post(`${path}/add`, { schema: { tags, body: schema, response: created } }, async (req) => {
      await admin(req);
      return { result: { id: await saveListItem(db, req.actor.id_user, list as keyof typeof NAMED_LISTS, null, req.body) } };
    });
    app.post(`${path}/:id/update`, { schema: { tags, params: idParam, body: schema, response: done } }, async (req) => {
      await admin(req);
      await saveListItem(db, req.actor.id_user, list as keyof typeof NAMED_LISTS, req.params.id, req.body);
      return { result: true };
    });
  }

  app.get('/mc-levels', { schema: { tags, response: { 200: listEnvelope(mcLevelRowSchema) } } }, async () => {
    const rows = await mcLadder(db);
    return { result: { rows, count: rows.length } };
  });
  app.post('/mc-levels/save', { schema: { tags, body: mcLevelSchema, response: done } }, async (req) => {
    await admin(req);
    await saveMcLevel(db, req.actor.id_user, req.body);
    return { result: true };
  });
};
