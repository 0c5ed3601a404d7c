// Issue 13: the Coordinator section's calls — members within reach (administrators: everyone), renewal, and
// the members' recent prestige. Administration's Members tab lists through the same call.
import {
  coordinatorPrestigeQuery,
  type MemberAbility,
  memberRowSchema,
  membersQuery,
  renewSchema,
} from '@guildhall/shared/schemas/administration';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import { prestigeEntrySchema } from '@guildhall/shared/schemas/prestige';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../auth/actor';
import { coordinatorReach } from '../../auth/scope';
import type { Db } from '../../db/index';
import { administrationPolicy } from '../administration/administration.policy';
import { renewMembership } from '../administration/members.service';
import { prestigePolicy } from '../prestige/prestige.policy';
import { coordinatorPolicy } from './coordinator.policy';
import { listMembers, reachPrestige } from './coordinator.service';

const tags = ['coordinator'];

/** What the caller may do with one member of the list: the coordinator's and the administrator's actions. */
export async function memberAbilities(db: Db, actor: Actor, id_user: number, is_disabled: boolean): Promise<MemberAbility[]> {
  const [renew, admin] = await Promise.all([
    coordinatorPolicy.abilities(db, actor, id_user, ['renew']),
    administrationPolicy.abilities(db, actor, id_user, ['editMembership', 'deactivate', 'reactivate', 'setPasswordLink']),
  ]);
  const abilities: MemberAbility[] = [...renew, ...admin];
  return abilities.filter((a) => (is_disabled ? a !== 'deactivate' : a !== 'reactivate'));
}

export const coordinatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/coordinator/members',
    {
      schema: {
        tags,
        querystring: membersQuery,
        response: { 200: listEnvelope(memberRowSchema) },
      },
    },
    async (req) => {
      await coordinatorPolicy.assert(db, req.actor, 'open', null);
      const page = await listMembers(db, await coordinatorReach(db, req.actor), req.query);
      const rows = await Promise.all(
        page.rows.map(async (row) => ({ ...row, abilities: await memberAbilities(db, req.actor, row.id_user, row.is_disabled) })),
      );
      return { result: { rows, count: page.count } };
    },
  );

  app.post(
    '/users/:id/renew',
    { schema: { tags, params: idParam, body: renewSchema, response: { 200: singleEnvelope(z.boolean()) } } },
    async (req) => {
      await coordinatorPolicy.assert(db, req.actor, 'renew', req.params.id);
      await renewMembership(db, req.actor, req.params.id, req.body.user_expiration);
      return { result: true };
    },
  );

  app.get(
    '/coordinator/prestige',
    {
      schema: {
        tags,
        querystring: coordinatorPrestigeQuery,
        response: {
          200: listEnvelope(
            prestigeEntrySchema.extend({ member_name: z.string(), user_camnum: z.string(), abilities: z.array(z.enum(['delete'])) }),
          ),
        },
      },
    },
    async (req) => {
      await coordinatorPolicy.assert(db, req.actor, 'open', null);
      const page = await reachPrestige(db, await coordinatorReach(db, req.actor), req.query);
      const rows = await Promise.all(
        page.rows.map(async (row) => ({
          ...row,
          abilities: await prestigePolicy.abilities(db, req.actor, row.id_user, ['delete'] as const),
        })),
      );
      return { result: { rows, count: page.count } };
    },
  );
};
