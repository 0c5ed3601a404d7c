import { describe, expect, it } from 'vitest';
import type { ApprovalLevel, ApprovalStatus } from '../constants';
import {
  allowedApprovalActions,
  type ApprovalFacts,
  type ApproverFacts,
  assistantLevelOf,
  capacityOf,
  escalationLevelOf,
  isOverdue,
  levelOf,
  levelReached,
  type OpenApprovalStatus,
  requiredLevelChoices,
  statusAfterApprove,
  waitingDays,
  firstAwaitedLevel,
  statusAfterApproveFor,
} from './approval-workflow';

const chain = { Low: 10, Mid: 20, High: 30, Top: 40 };
const app = (status: ApprovalStatus, required: ApprovalLevel = 'High'): ApprovalFacts => ({
  status,
  required_approval: required,
  owner: 1,
  chain,
});
const actor = (id_user: number, extra: Partial<ApproverFacts> = {}): ApproverFacts => ({
  id_user,
  isAdmin: false,
  assistantAt: [],
  ...extra,
});

describe('approving an application', () => {
  it.each([
    ['Pending Low', 'Low', 'approver', 'Approved'],
    ['Pending Low', 'Mid', 'approver', 'Pending Mid'],
    ['Pending Mid', 'High', 'approver', 'Pending High'],
    ['Pending High', 'High', 'approver', 'Approved'],
    ['Pending High', 'Top', 'approver', 'Pending Top'],
    ['Pending Top', 'Top', 'approver', 'Approved'],
    ['Pending Mid', 'Low', 'approver', 'Approved'],
    ['Pending Mid', 'Mid', 'assistant', 'Pending High'],
    ['Pending Mid', 'High', 'assistant', 'Pending High'],
    ['Pending High', 'High', 'assistant', 'Pending Top'],
    ['Pending Top', 'Top', 'assistant', 'Pending Global'],
    ['Pending Global', 'Top', 'approver', 'Approved'],
    ['Pending CST', 'Low', 'approver', 'Approved'],
  ] as const)('%s (required %s) approved by the %s becomes %s', (status, required, capacity, next) => {
    expect(statusAfterApprove(status as OpenApprovalStatus, required, capacity)).toBe(next);
  });
});

describe('who may act', () => {
  it('is the current level’s approver, not an approver of another level', () => {
    expect(capacityOf(actor(10), app('Pending Low'))).toBe('approver');
    expect(capacityOf(actor(20), app('Pending Low'))).toBeNull();
    expect(capacityOf(actor(20), app('Pending Mid'))).toBe('approver');
    expect(capacityOf(actor(40), app('Pending Global'))).toBe('approver');
  });
  it('is an assistant of the current level, who may approve but not deny', () => {
    const assistant = actor(99, { assistantAt: ['Mid'] });
    expect(capacityOf(assistant, app('Pending Mid'))).toBe('assistant');
    expect(allowedApprovalActions(assistant, app('Pending Mid'))).toEqual(['approve']);
    expect(capacityOf(assistant, app('Pending Low'))).toBeNull();
  });
  it('never lets anyone act on their own character, administrators included, though the player may remove it', () => {
    const ownerAsApprover = { ...app('Pending Low'), owner: 10 };
    expect(capacityOf(actor(10), ownerAsApprover)).toBeNull();
    expect(allowedApprovalActions(actor(10), ownerAsApprover)).toEqual(['remove']);
    expect(allowedApprovalActions(actor(10, { isAdmin: true }), ownerAsApprover)).toEqual(['remove']);
  });
  it('lets an administrator do everything on others’ applications, and set any status on closed ones', () => {
    expect(allowedApprovalActions(actor(5, { isAdmin: true }), app('Pending Mid'))).toEqual([
      'approve',
      'deny',
      'remove',
      'edit',
      'setStatus',
    ]);
    expect(allowedApprovalActions(actor(5, { isAdmin: true }), app('Approved'))).toEqual(['edit', 'setStatus']);
  });
  it('lets the player remove only while pending, and nobody act on a closed application', () => {
    expect(allowedApprovalActions(actor(1), app('Pending High'))).toEqual(['remove']);
    for (const status of ['Approved', 'Denied', 'Removed'] as const) {
      expect(allowedApprovalActions(actor(1), app(status))).toEqual([]);
      expect(allowedApprovalActions(actor(10), app(status))).toEqual([]);
    }
  });
  it('lets the current approver edit category and level, but not the status', () => {
    expect(allowedApprovalActions(actor(30), app('Pending High'))).toEqual(['approve', 'deny', 'edit']);
  });
  it('leaves Pending CST to administrators', () => {
    expect(allowedApprovalActions(actor(40), app('Pending CST'))).toEqual([]);
  });
});

describe('the rest of the rules', () => {
  it('maps statuses to levels', () => {
    expect(levelOf('Pending Top')).toBe('Top');
    expect(levelOf('Pending Global')).toBe('Top');
    expect(levelOf('Pending CST')).toBeNull();
    expect(levelOf('Approved')).toBeNull();
  });
  it('maps assistant posts to levels', () => {
    expect(assistantLevelOf('ADST')).toBe('Mid');
    expect(assistantLevelOf('ARST')).toBe('High');
    expect(assistantLevelOf('ANST')).toBe('Top');
    expect(assistantLevelOf('DST')).toBeNull();
  });
  it('lets an approver keep the required level at or above where it waits; administrators any', () => {
    expect(requiredLevelChoices('Pending Mid', false)).toEqual(['Mid', 'High', 'Top']);
    expect(requiredLevelChoices('Pending Mid', true)).toEqual(['Low', 'Mid', 'High', 'Top']);
  });
  it('remembers the highest level reached', () => {
    expect(levelReached(0, 'Pending High')).toBe(2);
    expect(levelReached(2, 'Denied')).toBe(2);
  });
  it('escalates to the next level, or to the Global approver at the top', () => {
    expect(escalationLevelOf('Pending Low')).toBe('Mid');
    expect(escalationLevelOf('Pending Top')).toBe('Top');
    expect(escalationLevelOf('Approved')).toBeNull();
  });
  it('counts whole days waited and marks open applications past the limit overdue', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(waitingDays('2026-03-01T12:00:00Z', now)).toBe(14);
    expect(isOverdue('Pending Low', '2026-03-01T12:00:00Z', now, 14)).toBe(false);
    expect(isOverdue('Pending Low', '2026-03-01T11:00:00Z', now, 14)).toBe(true);
    expect(isOverdue('Approved', '2026-01-01T00:00:00Z', now, 14)).toBe(false);
  });
});

describe('the level a new application first waits at', () => {
  it('is Low, unless the player is that level’s approver: then the lowest level whose approver is someone else', () => {
    const chain = { Low: 10, Mid: 20, High: 30, Top: 40 };
    expect(firstAwaitedLevel(chain, 99)).toBe('Low');
    expect(firstAwaitedLevel(chain, 10)).toBe('Mid');
    expect(firstAwaitedLevel({ ...chain, Mid: 10 }, 10)).toBe('High');
    expect(firstAwaitedLevel({ Low: null, Mid: 20, High: 30, Top: 40 }, 10)).toBe('Low');
    expect(firstAwaitedLevel({ Low: 10, Mid: 10, High: 10, Top: 10 }, 10)).toBe('Top');
    expect(firstAwaitedLevel({ ...chain, Mid: 10 }, 10, 'Mid')).toBe('High');
  });
  it('is passed over when an approval moves it up to a level its player holds', () => {
    const approval = {
      status: 'Pending Low' as const,
      required_approval: 'High' as const,
      owner: 20,
      chain: { Low: 10, Mid: 20, High: 30, Top: 40 },
    };
    expect(statusAfterApproveFor(approval, 'approver')).toBe('Pending High');
    expect(statusAfterApproveFor({ ...approval, owner: 99 }, 'approver')).toBe('Pending Mid');
    expect(statusAfterApproveFor({ ...approval, required_approval: 'Low' }, 'approver')).toBe('Approved');
  });
});
