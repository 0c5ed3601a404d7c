// Issue 26: bringing a society's records in from CSV files (a dry run first, then one all-or-nothing apply).
import { z } from 'zod';
import { auditQuery, membersQuery } from './administration';
import { requiredMessage } from './messages';

export const IMPORT_KINDS = ['members', 'positions', 'characters', 'prestige'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The columns of each kind's file, in the template's order (a file may order them as it likes). */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  members: [
    'membership_number',
    'first_name',
    'middle_name',
    'last_name',
    'email',
    'phone',
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
    'type',
    'expiry',
    'domain_code',
  ],
  /** A post at a location (a domain, a region or the nation) by its code; no holder: vacant. */
  positions: ['domain_code', 'position_type', 'holder_membership_number', 'since'],
  /** Characters by their player's membership number; the style sheet by its venue's name; opening_xp in points. */
  characters: ['player_membership_number', 'name', 'type', 'subtype', 'venue', 'status', 'virtue', 'vice', 'concept', 'opening_xp'],
  /** A member's prestige history: one entry a row; awarded_by is the awarding member's membership number. */
  prestige: ['membership_number', 'date', 'category', 'general', 'regional', 'national', 'vip', 'description', 'awarded_by'],
};

/** A file well over a 100,000-member roster's 13 MB: the body is read as it arrives, never held whole. */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;

/** A query flag: exactly `true` or `false`, so a typo is refused rather than read as one of them. */
const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

/** POST /imports' options, in its query: the body is the file itself (Content-Type: text/csv). */
export const importQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: requiredMessage('kind') }),
  /** A dry run (the default) writes nothing and answers what an apply would do. */
  dry_run: flag('dry_run').default(true),
  /** Imported new members get their set-password e-mail only when the administrator asks for it. */
  send_links: flag('send_links').default(false),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const importRowErrorSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  /** The column at fault, as the file names it; null when the row as a whole is at fault. */
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  dry_run: z.boolean(),
  /** True once the file is applied (its changes committed, or it had none); a file with any bad row never is. */
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows already as the file says: nothing to do. */
  skipped: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** While an import runs (asked for with Accept: application/x-ndjson): rows read of about `total`. */
export const importProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  /** At the rate so far; null until it can be told. */
  seconds_left: z.number().int().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const importKindParam = z.object({ kind: z.enum(IMPORT_KINDS, { error: `kind must be one of: ${IMPORT_KINDS.join(', ')}` }) });

/** The audit log's export takes the list's filters; it is the whole filtered log, so no paging. */
export const auditExportQuery = auditQuery.omit({ sortBy: true, direction: true, page: true, count: true });

/** GDPR Art. 17: what an erasure would touch, shown before the administrator confirms. */
export const erasurePreviewSchema = z.object({
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  removed: z.array(z.string()),
  kept: z.array(z.string()),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

/** My members' export takes the list's filters (name, type, standing, domain); the whole filtered list, no paging. */
export const membersExportQuery = membersQuery.omit({ sortBy: true, direction: true, page: true, count: true });

// A member's data download (GDPR Art. 15 and 20), made in the background -------------------------------------

export const DATA_DOWNLOAD_STATUSES = ['preparing', 'ready', 'failed'] as const;
/** How long a made download is kept for its member. */
export const DATA_DOWNLOAD_KEEP_HOURS = 48;

export const dataDownloadSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_DOWNLOAD_STATUSES),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataDownload = z.infer<typeof dataDownloadSchema>;
