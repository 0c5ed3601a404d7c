// A game's time as members read it: in the game's own time zone ("Sat, Mar 6, 2027, 6:00 PM – 10:00 PM EST").
const formats = new Map<string, { start: Intl.DateTimeFormat; end: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      start: new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }),
      end: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

export function formatGameTime(game: { starts_at: string; ends_at: string; time_zone: string }): string {
  const { start, end } = formatsFor(game.time_zone);
  return `${start.format(new Date(game.starts_at))} – ${end.format(new Date(game.ends_at))}`;
}
