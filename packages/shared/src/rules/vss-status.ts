// SPEC §4: a character's standing on a venue style sheet, and the words a page shows for it.

/** SPEC §4's statuses of a character on a style sheet, and 'No style sheet' for a character without a venue. */
export const VSS_STATUSES = ['Pending', 'Accepted', 'Rejected', 'Unknown', 'No style sheet'] as const;
export type VssStatus = (typeof VSS_STATUSES)[number];

/** What the status is derived from: the character's venue (style sheet) and SPEC §3's review fields. */
export interface VssFacts {
  id_venue: number | null;
  being_reviewed: string | null | undefined;
  st_signed: string | null | undefined;
}

/**
 * A character with no venue is on no style sheet: no storyteller can accept it, so it is not Pending (issue 23).
 * Otherwise SPEC §4: being_reviewed 'no' is Pending; then st_signed 'yes' Accepted, 'no' Rejected, else Unknown.
 */
export function characterVssStatus({ id_venue, being_reviewed, st_signed }: VssFacts): VssStatus {
  if (id_venue === null) return 'No style sheet';
  if (being_reviewed === 'no') return 'Pending';
  if (st_signed === 'yes') return 'Accepted';
  if (st_signed === 'no') return 'Rejected';
  return 'Unknown';
}

/** Accept and reject are offered only for Pending characters (never for one on no style sheet). */
export function canSignOnVss(facts: VssFacts): boolean {
  return characterVssStatus(facts) === 'Pending';
}

const VSS_STATUS_LABELS: Record<VssStatus, string> = {
  Pending: 'Pending',
  Accepted: 'Accepted',
  Rejected: 'Rejected',
  // SPEC's value for a character reviewed but signed neither yes nor no: the API keeps it, pages say what it means.
  Unknown: 'Unknown (not signed)',
  'No style sheet': 'No style sheet',
};

/** The words every page shows for a status. */
export function vssStatusLabel(status: VssStatus): string {
  return VSS_STATUS_LABELS[status];
}
