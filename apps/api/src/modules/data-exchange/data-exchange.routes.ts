// Issue 26: imports (a dry run, then an apply of the same file) and each kind's template CSV.
import { createHash } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  importKindParam,
  importReportSchema,
  importRequestSchema,
  MAX_IMPORT_CHARS,
} from '@guildhall/shared/schemas/data-exchange';
import { singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExchangePolicy } from './data-exchange.policy';
import { planMembers } from './members-import';
import { importCharacters, planCharacters } from './characters-import';
import { importMembers } from './members-apply';
import { importPositions, planPositions } from './positions-import';
import { importPrestige, planPrestige } from './prestige-import';

const tags = ['data-exchange'];
/** The CSV travels as a JSON string: a little over its own size, with room for escaped quotes. */
const IMPORT_BODY_LIMIT = MAX_IMPORT_CHARS * 2;
const BOM = '\uFEFF';
const PLANS = { members: planMembers, positions: planPositions, characters: planCharacters, prestige: planPrestige } as const;

export const dataExchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.post(
    '/imports',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { tags, body: importRequestSchema, response: { 200: singleEnvelope(importReportSchema) } } },
    async (req) => {
      await dataExchangePolicy.assert(db, req.actor, 'import', null);
      const { kind, csv, dry_run, send_links } = req.body;
      if (dry_run) return { result: (await PLANS[kind](db, csv, true)).report };
      // The audit log names a file by its digest: the same file twice is recognisably the same.
      const fileId = createHash('sha256').update(csv).digest('hex').slice(0, 16);
      const by = req.actor.id_user;
      if (kind === 'positions') return { result: await importPositions(db, { by, csv, fileId }) };
      if (kind === 'characters') return { result: await importCharacters(db, { by, csv, fileId }) };
      if (kind === 'prestige') return { result: await importPrestige(db, { by, csv, fileId }) };
      const linkOptions = { embedded: !config.externalOidc, publicUrl: config.publicUrl };
      return { result: await importMembers(db, { by, csv, fileId, sendLinks: send_links, ...linkOptions }) };
    },
  );

  app.get('/imports/templates/:kind', { schema: { tags, params: importKindParam } }, async (req, reply) => {
    await dataExchangePolicy.assert(db, req.actor, 'import', null);
    const { kind } = req.params;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="guildhall-${kind}-template.csv"`)
      .send(`${BOM}${IMPORT_COLUMNS[kind].join(',')}\r\n`);
  });
};
