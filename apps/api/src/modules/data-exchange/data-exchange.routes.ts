// Issue 26: imports (a dry run, then an apply of the same file) and each kind's template CSV.
import { createHash } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  importKindParam,
  importReportSchema,
  type ImportReport,
  importRequestSchema,
  MAX_IMPORT_CHARS,
} from '@guildhall/shared/schemas/data-exchange';
import { singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OnProgress } from './csv-read';
import { dataExchangePolicy } from './data-exchange.policy';
import { answerWithProgress, wantsProgress } from './import-progress';
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
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        description:
          'With Accept: application/x-ndjson the answer is NDJSON: lines `{ progress: { done, total, seconds_left } }` while ' +
          'the rows are read, then `{ result }` as below (or `{ error: { message, code, errors? } }`).',
        body: importRequestSchema,
        response: { 200: singleEnvelope(importReportSchema) },
      },
    },
    async (req, reply) => {
      await dataExchangePolicy.assert(db, req.actor, 'import', null);
      const { kind, csv, dry_run, send_links } = req.body;
      const by = req.actor.id_user;
      const run = (onProgress?: OnProgress): Promise<ImportReport> => {
        if (dry_run) return PLANS[kind](db, csv, true, onProgress).then((plan) => plan.report);
        // The audit log names a file by its digest: the same file twice is recognisably the same.
        const file = { by, csv, fileId: createHash('sha256').update(csv).digest('hex').slice(0, 16), onProgress };
        if (kind === 'positions') return importPositions(db, file);
        if (kind === 'characters') return importCharacters(db, file);
        if (kind === 'prestige') return importPrestige(db, file);
        const linkOptions = { embedded: !config.externalOidc, publicUrl: config.publicUrl };
        return importMembers(db, { ...file, sendLinks: send_links, ...linkOptions });
      };
      if (wantsProgress(req)) return answerWithProgress(req, reply, run);
      return { result: await run() };
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
