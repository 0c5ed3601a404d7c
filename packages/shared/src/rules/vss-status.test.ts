import { describe, expect, it } from 'vitest';
import { canSignOnVss, characterVssStatus } from './vss-status';

describe('a character on a style sheet', () => {
  it.each([
    ['no', null, 'Pending'],
    ['no', 'yes', 'Pending'],
    ['yes', 'yes', 'Accepted'],
    ['yes', 'no', 'Rejected'],
    ['yes', null, 'Unknown'],
    ['yes', 'maybe', 'Unknown'],
    [null, 'yes', 'Accepted'],
  ] as const)('being_reviewed %s and st_signed %s is %s', (reviewed, signed, status) => {
    expect(characterVssStatus(reviewed, signed)).toBe(status);
  });
  it('can be accepted or rejected only while Pending', () => {
    expect(canSignOnVss('no', null)).toBe(true);
    expect(canSignOnVss('yes', 'yes')).toBe(false);
    expect(canSignOnVss('yes', 'no')).toBe(false);
  });
});
