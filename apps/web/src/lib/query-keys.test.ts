// What a style sheet's change refreshes: whatever shows the sheet, the Venue choices of a new character included
// (a sheet added or renamed is offered at once, not after their minute of freshness).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('queryKeys.venue', () => {
  it('holds the style sheets of a domain, so a change to a sheet refreshes the Venue choices', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.venue.ofDomain(3), [{ id_venue: 1, venue_name: 'Old Town' }]);
    client.setQueryData(queryKeys.venue.detail(1), { venue_name: 'Old Town' });
    await client.invalidateQueries({ queryKey: queryKeys.venue.all });
    expect(client.getQueryState(queryKeys.venue.ofDomain(3))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.venue.detail(1))?.isInvalidated).toBe(true);
  });
});
