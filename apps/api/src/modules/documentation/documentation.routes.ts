// SPEC §7 POST /files/get; a document's bytes; administrators' 'Add folder' and 'Add item' (DESIGN §5).
import {
  addFolderBody,
  addItemBody,
  DOCUMENT_MAX_BYTES,
  fileSchema,
  filesQuery,
  filesSearchBody,
} from '@guildhall/shared/schemas/documentation';
import { idParam, listEnvelope, singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentationErrors } from './documentation.errors';
import { documentationPolicy } from './documentation.policy';
import { addDocument, addFolder, getDocument, searchFiles } from './documentation.service';

const tags = ['documentation'];

/** The first bytes each allowed type must start with, so a renamed executable is not accepted as a PDF. */
function looksLike(mime: string, data: Uint8Array): boolean {
  if (mime === 'application/pdf') return data.length > 4 && String.fromCharCode(...data.subarray(0, 5)) === '%PDF-';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return !data.includes(0);
  } catch {
    return false;
  }
}

export const documentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.post(
    '/files/get',
    {
      schema: {
        tags,
        body: filesSearchBody,
        querystring: filesQuery,
        response: { 200: listEnvelope(fileSchema) },
      },
    },
    async (req) => {
      await documentationPolicy.assert(db, req.actor, 'read', null);
      return { result: await searchFiles(db, req.body, req.query) };
    },
  );

  app.get('/files/content/:id', { schema: { tags, params: idParam } }, async (req, reply) => {
    await documentationPolicy.assert(db, req.actor, 'read', null);
    const doc = await getDocument(db, req.params.id);
    const safeName = doc.filename.replace(/[^\w.\- ]+/g, '_');
    return reply
      .type(doc.mime_type)
      .header('content-disposition', `inline; filename="${safeName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(doc.data));
  });

  app.post(
    '/files/folders',
    {
      schema: { tags, body: addFolderBody, response: { 200: singleEnvelope(z.object({ id_file: z.number().int() })) } },
    },
    async (req) => {
      await documentationPolicy.assert(db, req.actor, 'manage', null);
      return { result: { id_file: await addFolder(db, req.body.file_name, req.actor.id_user) } };
    },
  );

  app.post(
    '/files/:id/items',
    {
      schema: {
        tags,
        params: idParam,
        body: addItemBody,
        response: { 200: singleEnvelope(z.object({ id_file_content: z.number().int() })) },
      },
    },
    async (req) => {
      await documentationPolicy.assert(db, req.actor, 'manage', null);
      const data = new Uint8Array(Buffer.from(req.body.data, 'base64'));
      // Node skips what is not base64: only data that encodes back to what was sent is the document sent.
      const unpadded = (text: string) => text.replace(/=+$/, '');
      if (!data.byteLength || unpadded(Buffer.from(data).toString('base64')) !== unpadded(req.body.data))
        throw documentationErrors.notBase64();
      if (data.byteLength > DOCUMENT_MAX_BYTES) throw documentationErrors.tooLarge();
      if (!looksLike(req.body.mime_type, data)) throw documentationErrors.wrongType();
      return { result: { id_file_content: await addDocument(db, req.params.id, { ...req.body, data }, req.actor.id_user) } };
    },
  );
};
