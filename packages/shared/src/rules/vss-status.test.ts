import { describe, expect, it } from 'vitest';
import { canSignOnVss, characterVssStatus, VSS_STATUSES, vssStatusLabel } from './vss-status';

describe('a character on a style sheet', () => {
  it.each([
    ['no', null, 'Pending'],
    ['no', 'yes', 'Pending'],
    ['yes', 'yes', 'Accepted'],
    ['yes', 'no', 'Rejected'],
    ['yes', null, 'Unknown'],
    ['yes', 'maybe', 'Unknown'],
    [null, 'yes', 'Accepted'],
  ] as const)('being_reviewed %s and st_signed %s is %s', (being_reviewed, st_signed, status) => {
    expect(characterVssStatus({ id_venue: 7, being_reviewed, st_signed })).toBe(status);
  });
  it.each([
    ['no', null],
    ['yes', 'yes'],
    ['yes', 'no'],
    ['yes', null],
  ] as const)('has no style sheet without a venue, whatever being_reviewed (%s) and st_signed (%s) say', (being_reviewed, st_signed) => {
    expect(characterVssStatus({ id_venue: null, being_reviewed, st_signed })).toBe('No style sheet');
  });
  it('can be accepted or rejected only while Pending on a venue', () => {
    expect(canSignOnVss({ id_venue: 7, being_reviewed: 'no', st_signed: null })).toBe(true);
    expect(canSignOnVss({ id_venue: 7, being_reviewed: 'yes', st_signed: 'yes' })).toBe(false);
    expect(canSignOnVss({ id_venue: 7, being_reviewed: 'yes', st_signed: 'no' })).toBe(false);
    expect(canSignOnVss({ id_venue: null, being_reviewed: 'no', st_signed: null })).toBe(false);
  });
});

describe('the words a page shows for a status', () => {
  it('says what Unknown means, and shows the others as they are', () => {
    expect(VSS_STATUSES.map(vssStatusLabel)).toEqual(['Pending', 'Accepted', 'Rejected', 'Unknown (not signed)', 'No style sheet']);
  });
});
