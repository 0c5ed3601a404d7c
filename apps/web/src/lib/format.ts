// The one way the portal writes a date: "Oct 2, 2026". A date without a time (a birthday, an expiry) is shown
// as that calendar day wherever the reader is; a moment (an award, a notification) in the reader's time zone.
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (dateOnly ? day : moment).format(date);
}
