import { describe, expect, it } from 'vitest';
import { addDays, defaultRenewal, membershipStanding } from './membership';

describe('membershipStanding', () => {
  const today = '2026-11-23';
  it('is expired the day after the expiry date', () => {
    expect(membershipStanding('2026-11-22', today)).toBe('expired');
    expect(membershipStanding('2026-11-23', today)).toBe('expiring');
  });
  it('is expiring up to 30 days ahead, current after', () => {
    expect(membershipStanding(addDays(today, 30), today)).toBe('expiring');
    expect(membershipStanding(addDays(today, 31), today)).toBe('current');
  });
  it('is none without an expiry date', () => {
    expect(membershipStanding(null, today)).toBe('none');
  });
});

describe('addDays and defaultRenewal', () => {
  it('crosses months and years', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });
  it('renews a year from the later of today and the expiry', () => {
    expect(defaultRenewal('2027-03-01', '2026-11-23')).toBe('2028-03-01');
    expect(defaultRenewal('2025-01-01', '2026-11-23')).toBe('2027-11-23');
    expect(defaultRenewal(null, '2026-11-23')).toBe('2027-11-23');
  });
  it('renews a 29 February expiry to 28 February, so the anniversary does not drift to 1 March', () => {
    expect(defaultRenewal('2028-02-29', '2027-11-23')).toBe('2029-02-28');
    expect(defaultRenewal(null, '2028-02-29')).toBe('2029-02-28');
    expect(defaultRenewal('2027-02-28', '2026-11-23')).toBe('2028-02-28');
    expect(defaultRenewal('2031-02-28', '2030-11-23')).toBe('2032-02-28');
  });
});
