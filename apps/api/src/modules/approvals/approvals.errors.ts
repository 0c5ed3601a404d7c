// Applications' errors, with stable codes (STYLE §3).
import { conflict } from '../../errors';

export const approvalsErrors = {
  characterNotActive: () => conflict('approvals.character_not_active', 'Applications can be submitted for active characters only.'),
  noDomain: () => conflict('approvals.no_domain', 'The player has no home domain, so the application cannot be numbered.'),
};
