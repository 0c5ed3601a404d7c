// Documentation's errors, with stable codes (STYLE §3).
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { DocumentationAction } from './documentation.policy';

export const documentationErrors = {
  denied: (_action: DocumentationAction) => forbidden('files.forbidden', 'Only administrators may add documentation.'),
  notFound: () => notFound('files.not_found', 'No document has this id.'),
  folderNotFound: () => notFound('files.folder_not_found', 'No folder has this id.'),
  tooLarge: () => new AppError(413, 'files.too_large', 'The document is larger than 512 KB.'),
  notBase64: () =>
    badRequest('files.not_base64', 'data: the document is not valid base64, or holds nothing', [
      { path: 'data', message: 'is not valid base64, or holds nothing' },
    ]),
  wrongType: () =>
    badRequest('files.wrong_type', 'The document’s content does not match its type.', [
      { path: 'mime_type', message: 'does not match the content' },
    ]),
};
