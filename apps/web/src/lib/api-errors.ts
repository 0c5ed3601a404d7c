// Maps an API failure onto a form: DESIGN §3's `errors[]` land under the fields they name, and the API's message
// on a refused request is said with the failure toast. One place, so every form reports failures the same way.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NO_MESSAGE } from './api-client';

/** Puts each `{ path, message }` of the API's answer under its field; returns how many landed. */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): number {
  if (!(error instanceof ApiError)) return 0;
  const problems = error.errors ?? [];
  for (const problem of problems) {
    if (problem.path) setError(problem.path as Path<T>, { type: 'server', message: problem.message });
  }
  return problems.length;
}

/**
 * What the API said when it refused the request (a 4xx, e.g. 'Applications can be submitted for active characters
 * only.'), for the member to read; null for a 5xx, whose text is no business of theirs, for a 401 (SPEC §8 says
 * that one), and for an answer without a message.
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.message && error.message !== NO_MESSAGE ? error.message : null;
}
