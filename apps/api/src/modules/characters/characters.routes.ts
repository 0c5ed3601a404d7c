// SPEC §7 character calls (signing onto a style sheet and a sheet's characters too), DESIGN §7's experience
// void, and the character search (GET /characters).
import {
  CHARACTER_ABILITIES,
  characterAddSchema,
  characterListQuery,
  characterRowSchema,
  characterSchema,
  characterSearchQuery,
  characterSearchRowSchema,
  characterSubtypeSchema,
  characterTypeSchema,
  characterUpdateSchema,
  subtypesQuery,
  xpLogAddSchema,
  xpLogSchema,
  xpLogsQuery,
} from '@guildhall/shared/schemas/characters';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { characterSignSchema, venueCharacterRowSchema, venueCharactersQuery } from '@guildhall/shared/schemas/venues';
import { VSS_STATUSES } from '@guildhall/shared/rules/vss-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venueFacts } from '../venues/venues.service';
import { charactersErrors } from './characters.errors';
import { type CharacterFacts, charactersPolicy } from './characters.policy';
import { searchCharacters } from './character-search.service';
import {
  addCharacter,
  characterFacts,
  getCharacter,
  listCharactersOfUser,
  listSubtypes,
  listTypes,
  updateCharacter,
} from './characters.service';
import { listCharactersOfVenue, signCharacter } from './style-sheet-characters.service';
import { addXpLog, listXpLogs, voidXpLog, xpLogCharacter } from './xp-log.service';

const tags = ['characters'];
const characterEnvelope = singleEnvelope(characterSchema).extend({ extra: z.object({ abilities: z.array(z.enum(CHARACTER_ABILITIES)) }) });

export const charactersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const withAbilities = async (req: { actor: Parameters<typeof charactersPolicy.can>[1] }, id: number) => {
    const [result, facts] = await Promise.all([getCharacter(db, id), characterFacts(db, id)]);
    return { result, extra: { abilities: await charactersPolicy.abilities(db, req.actor, facts, CHARACTER_ABILITIES) } };
  };

  app.get(
    '/characters/user/:id',
    { schema: { tags, params: idParam, querystring: characterListQuery, response: { 200: listEnvelope(characterRowSchema) } } },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'list', { id_user: req.params.id, venue_st: null });
      return { result: await listCharactersOfUser(db, req.params.id, req.query) };
    },
  );

  app.get('/character/:id', { schema: { tags, params: idParam, response: { 200: characterEnvelope } } }, async (req) => {
    await charactersPolicy.assert(db, req.actor, 'view', await characterFacts(db, req.params.id));
    return withAbilities(req, req.params.id);
  });

  app.post(
    '/character/add',
    { schema: { tags, body: characterAddSchema, response: { 200: singleEnvelope(z.object({ id_character: z.number().int() })) } } },
    async (req) => {
      const id_user = req.body.id_user ?? req.actor.id_user;
      await charactersPolicy.assert(db, req.actor, 'add', { id_user, venue_st: null });
      return { result: { id_character: await addCharacter(db, id_user, req.body) } };
    },
  );

  app.post(
    '/character/:id/update',
    { schema: { tags, params: idParam, body: characterUpdateSchema, response: { 200: characterEnvelope } } },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'edit', await characterFacts(db, req.params.id));
      await updateCharacter(db, req.params.id, req.actor.id_user, req.body);
      return withAbilities(req, req.params.id);
    },
  );

  app.get('/character-types', { schema: { tags, response: { 200: listEnvelope(characterTypeSchema) } } }, async () => {
    const rows = await listTypes(db);
    return { result: { rows, count: rows.length } };
  });

  app.get(
    '/character-subtypes',
    { schema: { tags, querystring: subtypesQuery, response: { 200: listEnvelope(characterSubtypeSchema) } } },
    async (req) => {
      const rows = await listSubtypes(db, req.query.typeId);
      return { result: { rows, count: rows.length } };
    },
  );

  app.get(
    '/character/:id/xplogs',
    { schema: { tags, params: idParam, querystring: xpLogsQuery, response: { 200: listEnvelope(xpLogSchema) } } },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'view', await characterFacts(db, req.params.id));
      return { result: await listXpLogs(db, req.params.id, req.query) };
    },
  );

  app.post(
    '/character/xpLogs/add',
    {
      schema: {
        tags,
        body: xpLogAddSchema,
        response: { 200: singleEnvelope(z.object({ id_xp_log: z.number().int(), xp_balance: z.number().int() })) },
      },
    },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'logXp', await characterFacts(db, req.body.id_character));
      return { result: await addXpLog(db, req.actor.id_user, req.body) };
    },
  );

  app.post(
    '/character/xpLogs/:id/void',
    { schema: { tags, params: idParam, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      const id_character = await xpLogCharacter(db, req.params.id);
      await charactersPolicy.assert(db, req.actor, 'voidXp', await characterFacts(db, id_character));
      await voidXpLog(db, req.params.id, req.actor.id_user);
      return { result: true };
    },
  );

  app.get(
    '/characters',
    { schema: { tags, querystring: characterSearchQuery, response: { 200: listEnvelope(characterSearchRowSchema) } } },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'search', { id_user: req.actor.id_user, venue_st: null });
      return { result: await searchCharacters(db, req.query) };
    },
  );

  app.post(
    '/character/:id/sign',
    {
      schema: {
        tags,
        params: idParam,
        body: characterSignSchema,
        response: { 200: singleEnvelope(z.object({ id_character: z.number().int(), vss_status: z.enum(VSS_STATUSES) })) },
      },
    },
    async (req) => {
      const facts = await characterFacts(db, req.params.id);
      await charactersPolicy.assert(db, req.actor, 'sign', facts);
      if (req.body.storytellerId !== undefined && req.body.storytellerId !== req.actor.id_user) throw charactersErrors.signAsOther();
      const vss_status = await signCharacter(db, req.params.id, facts, req.actor.id_user, req.body);
      return { result: { id_character: req.params.id, vss_status } };
    },
  );

  app.get(
    '/characters/venue/:id',
    { schema: { tags, params: idParam, querystring: venueCharactersQuery, response: { 200: listEnvelope(venueCharacterRowSchema) } } },
    async (req) => {
      const venue = await venueFacts(db, req.params.id);
      // Who plays on a sheet is the character search's audience: staff and storytellers.
      await charactersPolicy.assert(db, req.actor, 'search', { id_user: req.actor.id_user, venue_st: venue.id_user_st });
      const maySign = (character: CharacterFacts) => charactersPolicy.can(db, req.actor, 'sign', character);
      return { result: await listCharactersOfVenue(db, req.params.id, req.query, maySign, venue.id_user_st) };
    },
  );
};
