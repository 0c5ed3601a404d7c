// Issue 13: positions decide who approves what and who may act where, so only administrators change them.
import { definePolicy } from '../../auth/policy';
import { positionsErrors } from './positions.errors';

export type PositionAction = 'manage';

export const positionsPolicy = definePolicy<PositionAction, null>({ manage: (actor) => actor.isAdmin }, positionsErrors.denied);
