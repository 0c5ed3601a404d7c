import { describe, expect, it } from 'vitest';
import { chainLevelOf, isOpenApprovalStatus } from './position-chain';

describe('chainLevelOf', () => {
  it('maps storyteller posts to their chain level', () => {
    expect(chainLevelOf('VST')).toBe('low');
    expect(chainLevelOf('DST')).toBe('mid');
    expect(chainLevelOf('ADST')).toBe('mid');
    expect(chainLevelOf('RST')).toBe('high');
    expect(chainLevelOf('NST')).toBe('global');
  });
  it('puts coordinators in no chain', () => {
    expect(chainLevelOf('DC')).toBeNull();
    expect(chainLevelOf('NC')).toBeNull();
  });
  it('knows which statuses are open', () => {
    expect(isOpenApprovalStatus('Pending Mid')).toBe(true);
    expect(isOpenApprovalStatus('Approved')).toBe(false);
  });
});
