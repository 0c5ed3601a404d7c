// SPEC §7 GET /approvals/character/{id} and POST /approval/add (the review calls come with the Approvals issue).
import { approvalAddSchema, approvalRowSchema } from '@guildhall/shared/schemas/approvals';
import { idParam, listEnvelope, pagingQuery, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { charactersPolicy } from '../characters/characters.policy';
import { characterFacts } from '../characters/characters.service';
import { CHARACTER_APPROVALS_SORTABLE, listApprovalsOfCharacter, submitApproval } from './approvals.service';

const tags = ['approvals'];

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/approvals/character/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: pagingQuery(CHARACTER_APPROVALS_SORTABLE, 'created_at', 'desc'),
        response: { 200: listEnvelope(approvalRowSchema) },
      },
    },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'view', await characterFacts(db, req.params.id));
      return { result: await listApprovalsOfCharacter(db, req.params.id, req.query) };
    },
  );

  app.post(
    '/approval/add',
    {
      schema: {
        tags,
        body: approvalAddSchema,
        response: { 200: singleEnvelope(z.object({ id: z.number().int(), app_number: z.string() })) },
      },
    },
    async (req) => {
      await charactersPolicy.assert(db, req.actor, 'addApproval', await characterFacts(db, req.body.character_id));
      return { result: await submitApproval(db, req.actor.id_user, req.body) };
    },
  );
};
