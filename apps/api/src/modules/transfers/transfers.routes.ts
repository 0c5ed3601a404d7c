// Issue 13: transfers between home domains (the Domain List's 'Request transfer', the Coordinator's Transfers tab).
import {
  TRANSFER_ABILITIES,
  transferAddSchema,
  transferDecisionSchema,
  transferRowSchema,
  transfersQuery,
} from '@guildhall/shared/schemas/administration';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coordinatorReach } from '../../auth/scope';
import { transfersErrors } from './transfers.errors';
import { transfersPolicy } from './transfers.policy';
import { decideTransfer, findTransfer, listTransfers, requestTransfer } from './transfers.service';

const tags = ['transfers'];
const DECISIONS = { accept: 'Accepted', decline: 'Declined', cancel: 'Cancelled' } as const;

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/transfers/add',
    { schema: { tags, body: transferAddSchema, response: { 200: singleEnvelope(z.object({ id: z.number().int() })) } } },
    async (req) => {
      await transfersPolicy.assert(db, req.actor, 'request', null);
      return { result: { id: await requestTransfer(db, req.actor.id_user, req.body) } };
    },
  );

  app.get(
    '/transfers',
    { schema: { tags, querystring: transfersQuery, response: { 200: listEnvelope(transferRowSchema) } } },
    async (req) => {
      const page = await listTransfers(db, req.actor.id_user, await coordinatorReach(db, req.actor), req.query);
      const rows = await Promise.all(
        page.rows.map(async (row) => ({ ...row, abilities: await transfersPolicy.abilities(db, req.actor, row, TRANSFER_ABILITIES) })),
      );
      return { result: { rows, count: page.count } };
    },
  );

  for (const action of ['accept', 'decline', 'cancel'] as const) {
    app.post(
      `/transfers/:id/${action}`,
      { schema: { tags, params: idParam, body: transferDecisionSchema, response: { 200: singleEnvelope(z.boolean()) } } },
      async (req) => {
        const transfer = await findTransfer(db, req.params.id);
        // A decided transfer is a conflict for those who may see it (a double click, two tabs), not a 403.
        if (transfer.status !== 'Pending' && (await transfersPolicy.can(db, req.actor, 'view', transfer)))
          throw transfersErrors.notPending();
        await transfersPolicy.assert(db, req.actor, action, transfer);
        await decideTransfer(db, req.actor, req.params.id, DECISIONS[action], req.body?.note);
        return { result: true };
      },
    );
  }
};
