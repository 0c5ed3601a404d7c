// SPEC §7 GET /approvals/character/{id}, POST /approval/add, GET /approvals/get and /approvals/{id}; DESIGN §3
// POST /approvals/{id}/approve | deny | remove | update.
import { APPROVAL_ACTIONS } from '@guildhall/shared/rules/approval-workflow';
import {
  approvalActionSchema,
  approvalAddSchema,
  approvalDenySchema,
  approvalDetailSchema,
  approvalListRowSchema,
  approvalRowSchema,
  approvalsListQuery,
  approvalUpdateSchema,
} from '@guildhall/shared/schemas/approvals';
import { idParam, listEnvelope, pagingQuery, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { charactersPolicy } from '../characters/characters.policy';
import { characterFacts } from '../characters/characters.service';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { approvalsPolicy } from './approvals.policy';
import { CHARACTER_APPROVALS_SORTABLE, listApprovals, listApprovalsOfCharacter } from './approvals.list';
import { approvalRecord, getApproval, submitApproval } from './approvals.service';
import { approveApproval, denyApproval, removeApproval, updateApproval } from './approvals.workflow';

const tags = ['approvals'];

const detailEnvelope = singleEnvelope(approvalDetailSchema).extend({ extra: z.object({ abilities: z.array(z.enum(APPROVAL_ACTIONS)) }) });

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const clock = () => ({ now: new Date(), escalationDays: config.approvals.escalationDays });

  /** The application as the caller may see it, with what they may do to it now. */
  const detail = async (actor: Actor, id: number) => {
    const record = await approvalRecord(db, id);
    await approvalsPolicy.assert(db, actor, 'view', record);
    const [result, abilities] = await Promise.all([
      getApproval(db, record, clock()),
      approvalsPolicy.abilities(db, actor, record, APPROVAL_ACTIONS),
    ]);
    return { result, extra: { abilities } };
  };

  app.get(
    '/approvals/get',
    { schema: { tags, querystring: approvalsListQuery, response: { 200: listEnvelope(approvalListRowSchema) } } },
    async (req) => ({ result: await listApprovals(db, req.actor, req.query, clock()) }),
  );

  app.get('/approvals/:id', { schema: { tags, params: idParam, response: { 200: detailEnvelope } } }, async (req) =>
    detail(req.actor, req.params.id),
  );

  // DESIGN §3 actions: each answers the application as it is now, so the page shows the change and the new abilities.
  const actions = [
    ['approve', approvalActionSchema, approveApproval],
    ['deny', approvalDenySchema, denyApproval],
    ['remove', approvalActionSchema, removeApproval],
    ['update', approvalUpdateSchema, updateApproval],
  ] as const;
  for (const [action, body, run] of actions) {
    app.post(`/approvals/:id/${action}`, { schema: { tags, params: idParam, body, response: { 200: detailEnvelope } } }, async (req) => {
      await (run as (db: Db, actor: Actor, id: number, input: unknown) => Promise<void>)(db, req.actor, req.params.id, req.body);
      return detail(req.actor, req.params.id);
    });
  }

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
