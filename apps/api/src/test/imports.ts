// POST /api/imports as the page sends it: the options in the query, the file as a text/csv body. Tests written
// against the earlier JSON body keep their `{ kind, csv, dry_run, send_links }` and assertions.
import type { InjectOptions } from 'fastify';

export interface ImportPayload {
  kind?: string;
  csv?: string;
  dry_run?: unknown;
  send_links?: unknown;
}

export function importRequest({ csv = '', ...options }: ImportPayload, headers: Record<string, string> = {}): InjectOptions {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options)) if (value !== undefined) query.set(name, String(value));
  return {
    method: 'POST',
    url: `/api/imports?${query}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  };
}
