// Issue 26: imports (a dry run, then an apply of the same file) and each kind's template CSV.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  IMPORT_COLUMNS,
  importKindParam,
  importQuerySchema,
  importReportSchema,
  type ImportReport,
  MAX_IMPORT_BYTES,
} from '@guildhall/shared/schemas/data-exchange';
import { singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CsvBody, OnProgress } from './csv-read';
import { dataExchangeErrors } from './data-exchange.errors';
import { dataExchangePolicy } from './data-exchange.policy';
import { answerWithProgress, wantsProgress } from './import-progress';
import { planMembers } from './members-import';
import { importCharacters, planCharacters } from './characters-import';
import { importMembers } from './members-apply';
import { importPositions, planPositions } from './positions-import';
import { importPrestige, planPrestige } from './prestige-import';

const tags = ['data-exchange'];
const BOM = '\uFEFF';
const PLANS = { members: planMembers, positions: planPositions, characters: planCharacters, prestige: planPrestige } as const;

/**
 * The body as it arrives, bounded (a file over the limit is a 413, at once when Content-Length says so) and digested
 * on the way: the audit log names a file by its SHA-256, so the same file twice is recognisably the same.
 */
function receive(body: Readable | undefined, contentLength: string | undefined) {
  const bytes = contentLength === undefined ? undefined : Number(contentLength);
  if (bytes !== undefined && bytes > MAX_IMPORT_BYTES) throw dataExchangeErrors.tooLarge();
  if (!body || bytes === 0) throw dataExchangeErrors.csvRequired();
  const digest = createHash('sha256');
  async function* chunks() {
    let read = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > MAX_IMPORT_BYTES) throw dataExchangeErrors.tooLarge();
      digest.update(chunk);
      yield chunk;
    }
    if (read === 0) throw dataExchangeErrors.csvRequired();
  }
  let fileId: string | undefined;
  const csv: CsvBody = { chunks: chunks(), bytes };
  // Asked for once the file has been read (the audit row is written last).
  return { csv, fileId: () => (fileId ??= digest.digest('hex').slice(0, 16)) };
}

export const dataExchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  // The file is the body, handed on unread: the import parses it as it arrives (only in this plugin's routes).
  app.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));

  app.post(
    '/imports',
    {
      schema: {
        tags,
        description:
          `The body is the CSV file itself (Content-Type: text/csv, UTF-8 with or without a BOM, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB), ` +
          'read as it arrives; the options are in the query. With Accept: application/x-ndjson the answer is NDJSON: lines ' +
          '`{ progress: { done, total, seconds_left } }` while the rows are read (`total` estimated from Content-Length), ' +
          'then `{ result }` as below (or `{ error: { message, code, errors? } }`).',
        consumes: ['text/csv'],
        querystring: importQuerySchema,
        response: { 200: singleEnvelope(importReportSchema) },
      },
    },
    async (req, reply) => {
      await dataExchangePolicy.assert(db, req.actor, 'import', null);
      const { kind, dry_run, send_links } = req.query;
      if (!(req.headers['content-type'] ?? '').startsWith('text/csv')) throw dataExchangeErrors.notCsv();
      const { csv, fileId } = receive(req.body as Readable | undefined, req.headers['content-length']);
      const by = req.actor.id_user;
      const run = (onProgress?: OnProgress): Promise<ImportReport> => {
        if (dry_run) return PLANS[kind](db, csv, true, onProgress).then((plan) => plan.report);
        const file = { by, csv, fileId, onProgress };
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
