// The SPA's only permission question: did the API say this member may? (DESIGN §5: the SPA hides what the API
// would refuse, and decides nothing itself.) A record's own abilities come with the record (`extra.abilities`).
import type { OwnAbility } from '@guildhall/shared/schemas/user';
import { useAuth } from './auth';

export function useCan(ability: OwnAbility): boolean {
  return useAuth().abilities.includes(ability);
}
