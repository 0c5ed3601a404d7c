// DESIGN §5/§6 for applications. Who sees one: the player; approvers named at a level it reached; storytellers
// and coordinators of its venue's domain (or above); administrators. Who acts on it: the shared workflow rules.
import { POSITION_TYPES } from '@guildhall/shared/constants';
import {
  type ApprovalAction,
  type ApprovalFacts,
  type ApproverFacts,
  allowedApprovalActions,
  assistantLevelOf,
  levelIndex,
} from '@guildhall/shared/rules/approval-workflow';
import { APPROVAL_LEVELS } from '@guildhall/shared/constants';
import type { Actor } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { approvalsErrors } from './approvals.errors';

export type ApprovalPolicyAction = 'view' | ApprovalAction;

export interface ApprovalRecord extends ApprovalFacts {
  id: number;
  level_reached: number;
  /** The venue's location and its ancestors, nearest first (empty for a character without a venue). */
  places: number[];
}

/** Locations where the actor holds a storyteller or coordinator post that reaches the places below it (not venue posts). */
export const reachOf = (actor: Actor) =>
  actor.positions.filter((p) => POSITION_TYPES[p.pos_type]?.level !== 'venue').map((p) => p.id_location);

/** A national post (NST, ANST, NC) reaches every application, wherever its venue (decisions 001, 026). */
export const reachesEverywhere = (actor: Actor) => actor.positions.some((p) => POSITION_TYPES[p.pos_type]?.level === 'national');

export function approverFacts(actor: Actor, record: Pick<ApprovalRecord, 'places'>): ApproverFacts {
  const assistantAt = actor.positions.flatMap((p) => {
    const level = assistantLevelOf(p.pos_type);
    const reaches = POSITION_TYPES[p.pos_type]?.level === 'national' || record.places.includes(p.id_location);
    return level && reaches ? [level] : [];
  });
  return { id_user: actor.id_user, isAdmin: actor.isAdmin, assistantAt };
}

const may = (action: ApprovalAction) => (actor: Actor, record: ApprovalRecord) =>
  allowedApprovalActions(approverFacts(actor, record), record).includes(action);

export function canView(actor: Actor, record: ApprovalRecord): boolean {
  if (actor.isAdmin || actor.id_user === record.owner || reachesEverywhere(actor)) return true;
  if (APPROVAL_LEVELS.some((level) => record.chain[level] === actor.id_user && levelIndex(level) <= record.level_reached)) return true;
  const reach = reachOf(actor);
  return record.places.some((place) => reach.includes(place));
}

export const approvalsPolicy = definePolicy<ApprovalPolicyAction, ApprovalRecord>(
  {
    view: canView,
    approve: may('approve'),
    deny: may('deny'),
    remove: may('remove'),
    edit: may('edit'),
    setStatus: may('setStatus'),
  },
  approvalsErrors.denied,
);
