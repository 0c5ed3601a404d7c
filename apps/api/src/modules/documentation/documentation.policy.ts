// DESIGN §5 for documentation: every member reads it; administrators add folders and documents.
import { definePolicy } from '../../auth/policy';
import { documentationErrors } from './documentation.errors';

export type DocumentationAction = 'read' | 'manage';

export const documentationPolicy = definePolicy<DocumentationAction, null>(
  {
    read: () => true,
    manage: (actor) => actor.isAdmin,
  },
  documentationErrors.denied,
);
