import { describe, expect, it } from 'vitest';
import { fullName, initials } from './person-name';

describe('member names', () => {
  it('reads first, middle and last, skipping a missing middle name', () => {
    expect(fullName({ user_fname: 'Ada', user_mname: 'King', user_lname: 'Lovelace' })).toBe('Ada King Lovelace');
    expect(fullName({ user_fname: 'Ada', user_mname: null, user_lname: 'Lovelace' })).toBe('Ada Lovelace');
  });
  it('makes initials of first and last names', () => {
    expect(initials({ user_fname: 'ada', user_lname: 'lovelace' })).toBe('AL');
  });
});
