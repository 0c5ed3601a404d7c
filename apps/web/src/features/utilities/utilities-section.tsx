// SPEC §2 UTILITIES: Domain List, Password Change, Membership Lookup, Standards, Documentation. Membership
// Lookup is offered only to members the API lets look members up (the 'members.lookup' ability it sends with the
// member's record); its page still explains the refusal to anyone who opens the address directly.
import type { OwnAbility } from '@guildhall/shared/schemas/user';
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';
import { useAuth } from '../../lib/auth';

export const UTILITIES_TABS: (RouteTab & { ability?: OwnAbility })[] = [
  { label: 'Domain List', path: '/utilities/domain-list' },
  { label: 'Password Change', path: '/utilities/password-reset' },
  { label: 'Membership Lookup', path: '/utilities/membership-lookup', ability: 'members.lookup' },
  { label: 'Standards', path: '/utilities/standards' },
  { label: 'Documentation', path: '/utilities/documentation' },
];

export function UtilitiesSection() {
  const { abilities } = useAuth();
  const tabs = UTILITIES_TABS.filter((tab) => !tab.ability || abilities.includes(tab.ability));
  return <SectionPage heading="UTILITIES" icon={navIcons('utilities').active} tabs={tabs} />;
}
