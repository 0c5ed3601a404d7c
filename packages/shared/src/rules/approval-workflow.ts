// DESIGN §6, the approval workflow, written once: which level an application waits at, who may act on it now,
// what an approval, a denial, a removal or an administrator's override makes of it, and its clock.
import { APPROVAL_LEVELS, type ApprovalLevel, type ApprovalStatus, POSITION_TYPES, type PositionType } from '../constants';

export const OPEN_APPROVAL_STATUSES = [
  'Pending Low',
  'Pending Mid',
  'Pending High',
  'Pending Top',
  'Pending CST',
  'Pending Global',
] as const satisfies readonly ApprovalStatus[];
export type OpenApprovalStatus = (typeof OPEN_APPROVAL_STATUSES)[number];

export const isOpenStatus = (status: ApprovalStatus): status is OpenApprovalStatus =>
  (OPEN_APPROVAL_STATUSES as readonly string[]).includes(status);

/** The chain column naming each level's approver (Top is the chain's Global approver). */
export const CHAIN_COLUMN = {
  Low: 'id_user_low',
  Mid: 'id_user_mid',
  High: 'id_user_high',
  Top: 'id_user_global',
} as const satisfies Record<ApprovalLevel, string>;

export type Chain = Record<ApprovalLevel, number | null>;

export const levelIndex = (level: ApprovalLevel) => APPROVAL_LEVELS.indexOf(level);

/**
 * The level an application waits at. 'Pending Global' waits for the chain's Global approver (Top);
 * 'Pending CST' is an administrators' hold with no chain level; closed applications wait nowhere.
 */
export function levelOf(status: ApprovalStatus): ApprovalLevel | null {
  switch (status) {
    case 'Pending Low':
      return 'Low';
    case 'Pending Mid':
      return 'Mid';
    case 'Pending High':
      return 'High';
    case 'Pending Top':
    case 'Pending Global':
      return 'Top';
    default:
      return null;
  }
}

export const pendingStatusOf = (level: ApprovalLevel): OpenApprovalStatus => `Pending ${level}`;

/**
 * The level a new application first waits at (or one whose character moved to a sheet the player runs, or one
 * approved up to a level its player holds): the lowest from `from` whose approver is not the player, as no one
 * approves their own character (DESIGN §6, decision 143). Approving it there completes it as at any level at or
 * above the required one.
 */
export function firstAwaitedLevel(chain: Chain, owner: number, from: ApprovalLevel = 'Low'): ApprovalLevel {
  return APPROVAL_LEVELS.slice(levelIndex(from)).find((level) => chain[level] !== owner) ?? 'Top';
}

/** Where an approval sends it: `statusAfterApprove`, past any level whose approver is its player (decision 143). */
export function statusAfterApproveFor(approval: ApprovalFacts, capacity: Capacity): ApprovalStatus {
  const to = statusAfterApprove(approval.status as OpenApprovalStatus, approval.required_approval, capacity);
  const level = to === 'Pending Global' ? null : levelOf(to);
  return level ? pendingStatusOf(firstAwaitedLevel(approval.chain, approval.owner, level)) : to;
}

export function nextLevel(level: ApprovalLevel): ApprovalLevel | null {
  return APPROVAL_LEVELS[levelIndex(level) + 1] ?? null;
}

/** Whether the actor acts as the level's approver or as an assistant, whose approval moves it up rather than completing it. */
export type Capacity = 'approver' | 'assistant';

/** Which level an assistant position helps at: domain → Mid, regional → High, national → Top. */
export function assistantLevelOf(posType: PositionType): ApprovalLevel | null {
  const post = POSITION_TYPES[posType];
  if (!post?.assistant) return null;
  return post.level === 'domain' ? 'Mid' : post.level === 'regional' ? 'High' : post.level === 'national' ? 'Top' : null;
}

/**
 * Approve: at or above the required level the approver completes it (Approved) and an assistant moves it up
 * (at Top, to 'Pending Global', where the Global approver finishes); below the required level it goes to the
 * next pending level. An administrators' hold (Pending CST) approved is Approved.
 */
export function statusAfterApprove(status: OpenApprovalStatus, required: ApprovalLevel, capacity: Capacity): ApprovalStatus {
  const level = levelOf(status);
  if (!level) return 'Approved';
  if (status === 'Pending Global') return capacity === 'approver' ? 'Approved' : 'Pending Global';
  if (levelIndex(level) >= levelIndex(required)) {
    if (capacity === 'approver') return 'Approved';
    const up = nextLevel(level);
    return up ? pendingStatusOf(up) : 'Pending Global';
  }
  return pendingStatusOf(nextLevel(level)!);
}

export interface ApprovalFacts {
  status: ApprovalStatus;
  required_approval: ApprovalLevel;
  /** The player whose character it is. */
  owner: number;
  chain: Chain;
}

export interface ApproverFacts {
  id_user: number;
  isAdmin: boolean;
  /** Levels of this application at which the actor holds an assistant position (ADST, ARST, ANST over its venue). */
  assistantAt: readonly ApprovalLevel[];
}

/** In which capacity the actor may act on the application now; null when they may not (never on their own character). */
export function capacityOf(actor: ApproverFacts, approval: ApprovalFacts): Capacity | null {
  if (actor.id_user === approval.owner || !isOpenStatus(approval.status)) return null;
  const level = levelOf(approval.status);
  if (actor.isAdmin) return 'approver';
  if (!level) return null;
  if (approval.chain[level] === actor.id_user) return 'approver';
  // 'Pending Global' is where an assistant's recommendation waits for the Global approver: only they finish it.
  if (approval.status !== 'Pending Global' && actor.assistantAt.includes(level)) return 'assistant';
  return null;
}

export const APPROVAL_ACTIONS = ['approve', 'deny', 'remove', 'edit', 'setStatus'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/**
 * What the actor may do now (the record's abilities): approve — the current level's approver or an assistant;
 * deny — the approver (a denial completes it, which an assistant may not); remove — the player or an
 * administrator while pending; edit category and required level — the current approver while pending;
 * setStatus — administrators. Nobody but the player acts on an application for their own character.
 */
export function allowedApprovalActions(actor: ApproverFacts, approval: ApprovalFacts): ApprovalAction[] {
  const own = actor.id_user === approval.owner;
  const open = isOpenStatus(approval.status);
  const capacity = capacityOf(actor, approval);
  const allowed: Record<ApprovalAction, boolean> = {
    approve: capacity !== null,
    deny: capacity === 'approver',
    remove: open && (own || actor.isAdmin),
    edit: !own && (actor.isAdmin || (open && capacity === 'approver')),
    setStatus: !own && actor.isAdmin,
  };
  return APPROVAL_ACTIONS.filter((a) => allowed[a]);
}

/**
 * The required levels an editor may choose: administrators any; the current approver none below the level
 * the application already waits at (it cannot be approved where it no longer is).
 */
export function requiredLevelChoices(status: ApprovalStatus, isAdmin: boolean): ApprovalLevel[] {
  const level = levelOf(status);
  if (isAdmin || !level) return [...APPROVAL_LEVELS];
  return APPROVAL_LEVELS.filter((l) => levelIndex(l) >= levelIndex(level));
}

/** Whose turn it becomes when the application reaches `status`: that level's chain approver (null for closed or CST). */
export function approverOf(status: ApprovalStatus, chain: Chain): number | null {
  const level = levelOf(status);
  return level ? chain[level] : null;
}

/** The highest level index an application has reached, kept so approvers still see what was at their level. */
export function levelReached(previous: number, status: ApprovalStatus): number {
  const level = levelOf(status);
  return Math.max(previous, level ? levelIndex(level) : 0);
}

/** Escalation tells the next level's approver (the Global approver when none is above) of an overdue application. */
export function escalationLevelOf(status: ApprovalStatus): ApprovalLevel | null {
  const level = levelOf(status);
  if (!level) return status === 'Pending CST' ? 'Top' : null;
  return nextLevel(level) ?? 'Top';
}

const DAY_MS = 86_400_000;

/** Whole days an application has waited at its current level. */
export function waitingDays(levelSince: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(levelSince).getTime()) / DAY_MS));
}

/** An open application waiting longer than `days` at one level is overdue (and escalated once). */
export function isOverdue(status: ApprovalStatus, levelSince: Date | string, now: Date, days: number): boolean {
  return isOpenStatus(status) && now.getTime() - new Date(levelSince).getTime() > days * DAY_MS;
}

/** The instant before which an application that entered its level is overdue. */
export const overdueCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
