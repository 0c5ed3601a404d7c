// SPEC §3 File and its contents; §7 POST /files/get; administrators' folders and uploads.
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { dateField, plainText, requiredText } from './messages';

export const filesSearchBody = z
  .object({ fileName: plainText('fileName', 200).optional(), from: dateField('from').optional(), to: dateField('to').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'to must not be before from' });
export type FilesSearch = z.infer<typeof filesSearchBody>;

export const FILES_SORTABLE = ['file_name', 'created_at'] as const;
export const filesQuery = pagingQuery(FILES_SORTABLE, 'file_name');
export type FilesQuery = z.infer<typeof filesQuery>;

export const fileContentSchema = z.object({
  id_file_content: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export const fileSchema = z.object({
  id_file: z.number().int(),
  file_name: z.string(),
  created_at: z.string(),
  tbl_file_contents: z.array(fileContentSchema),
});
export type DocumentationFile = z.infer<typeof fileSchema>;

export const DOCUMENT_TYPES = { 'application/pdf': 'PDF', 'text/markdown': 'Markdown', 'text/plain': 'text' } as const;
export const DOCUMENT_MAX_BYTES = 512 * 1024;

export const addFolderBody = z.object({ file_name: requiredText('folder name', 120) });
export const addItemBody = z.object({
  filename: requiredText('file name', 200).regex(/^[^/\\\0]+$/, { error: 'file name must not contain slashes' }),
  mime_type: z.enum(Object.keys(DOCUMENT_TYPES) as [keyof typeof DOCUMENT_TYPES], {
    error: 'only PDF, Markdown and text documents can be uploaded',
  }),
  /** The document's bytes, base64-encoded. */
  data: z
    .string()
    .min(1, { error: 'the document is empty' })
    .max(Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 4, { error: 'the document is larger than 512 KB' }),
});
