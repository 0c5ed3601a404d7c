import { describe, expect, it } from 'vitest';
import { isPlayableAt } from './playable-characters';

const accepted = { id_venue: 1, vss_status: 'Accepted', character_status: 'Active' };
const domain = new Set([1, 2]);

describe('isPlayableAt', () => {
  it.each([
    ['accepted on the game’s venue', accepted, { id_venue: 1 }, true],
    ['accepted on another venue', accepted, { id_venue: 3 }, false],
    ['accepted on a venue of the domain, at a domain’s event', accepted, { id_venue: null }, true],
    ['accepted on a venue of another domain, at a domain’s event', { ...accepted, id_venue: 9 }, { id_venue: null }, false],
    ['on no style sheet, at a domain’s event', { ...accepted, id_venue: null }, { id_venue: null }, false],
    ['pending', { ...accepted, vss_status: 'Pending' }, { id_venue: 1 }, false],
    ['retired', { ...accepted, character_status: 'Retired' }, { id_venue: 1 }, false],
  ])('a character %s: %s', (_, character, game, playable) => {
    expect(isPlayableAt(character, game, domain)).toBe(playable);
  });
});
