// SPEC §4: a character's standing on a venue style sheet.

export const VSS_STATUSES = ['Pending', 'Accepted', 'Rejected', 'Unknown'] as const;
export type VssStatus = (typeof VSS_STATUSES)[number];

export function characterVssStatus(being_reviewed: string | null | undefined, st_signed: string | null | undefined): VssStatus {
  if (being_reviewed === 'no') return 'Pending';
  if (st_signed === 'yes') return 'Accepted';
  if (st_signed === 'no') return 'Rejected';
  return 'Unknown';
}

/** Accept and reject are offered only for Pending characters. */
export function canSignOnVss(being_reviewed: string | null | undefined, st_signed: string | null | undefined): boolean {
  return characterVssStatus(being_reviewed, st_signed) === 'Pending';
}
