// Which level of an application's approval chain a post names (DESIGN §6): the venue's storyteller is Low, a
// domain storyteller Mid, a regional storyteller High and a national storyteller Global. Coordinators and
// assistants are in no chain (an assistant acts by their post, and their approval only moves it up). Used when a
// post changes hands, to move the open applications it approves to the new holder.
import { POSITION_TYPES, type PositionType } from '../constants';

export type ChainLevel = 'low' | 'mid' | 'high' | 'global';

export function chainLevelOf(pos_type: PositionType): ChainLevel | null {
  const type = POSITION_TYPES[pos_type];
  if (type.role !== 'storyteller' || type.assistant) return null;
  return ({ venue: 'low', domain: 'mid', regional: 'high', national: 'global' } as const)[type.level];
}

/** Statuses of an application still waiting for someone: the ones whose approvers move with a post. */
export const isOpenApprovalStatus = (status: string) => status.startsWith('Pending');
