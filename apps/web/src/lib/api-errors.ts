// Maps an API failure onto a form: DESIGN §3's `errors[]` land under the fields they name; anything else is
// only the toast. One place, so every form reports failures the same way.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts each `{ path, message }` of the API's answer under its field; returns how many landed. */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): number {
  if (!(error instanceof ApiError)) return 0;
  const problems = error.errors ?? [];
  for (const problem of problems) {
    if (problem.path) setError(problem.path as Path<T>, { type: 'server', message: problem.message });
  }
  return problems.length;
}
