import { describe, expect, it } from 'vitest';
import { chainLevelOf, isOpenApprovalStatus } from './position-chain';

describe('chainLevelOf', () => {
  it('maps storyteller posts to their chain level', () => {
    expect(chainLevelOf('VST')).toBe('low');
    expect(chainLevelOf('DST')).toBe('mid');
    expect(chainLevelOf('RST')).toBe('high');
    expect(chainLevelOf('NST')).toBe('global');
  });
  it('puts coordinators and assistants in no chain (an assistant acts by their post)', () => {
    expect(chainLevelOf('DC')).toBeNull();
    expect(chainLevelOf('NC')).toBeNull();
    expect(chainLevelOf('ADST')).toBeNull();
    expect(chainLevelOf('ARST')).toBeNull();
    expect(chainLevelOf('ANST')).toBeNull();
  });
  it('knows which statuses are open', () => {
    expect(isOpenApprovalStatus('Pending Mid')).toBe(true);
    expect(isOpenApprovalStatus('Approved')).toBe(false);
  });
});
