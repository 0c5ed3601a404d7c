// A membership's standing on a given day (issue 13: the coordinator's 'expires within 30 days' / 'expired').
import { EXPIRING_WITHIN_DAYS } from '../constants';

export type MembershipStanding = 'current' | 'expiring' | 'expired' | 'none';

/** Adds whole days to a YYYY-MM-DD date, in UTC. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * 'expired' when the expiry date is before today; 'expiring' when it falls within the next 30 days (today
 * included); 'none' without an expiry date.
 */
export function membershipStanding(expiration: string | null, today: string): MembershipStanding {
  if (!expiration) return 'none';
  if (expiration < today) return 'expired';
  if (expiration <= addDays(today, EXPIRING_WITHIN_DAYS)) return 'expiring';
  return 'current';
}

/** A renewal runs a year from the later of today and the current expiry; a year after 29 February is 28 February. */
export function defaultRenewal(expiration: string | null, today: string): string {
  const from = expiration && expiration > today ? expiration : today;
  const year = Number(from.slice(0, 4)) + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}${from.slice(4) === '-02-29' && !leap ? '-02-28' : from.slice(4)}`;
}

/** A membership number as stored and searched: upper case, as the society prints them, whatever the case typed. */
export const membershipNumberOf = (text: string): string => text.trim().toUpperCase();
