// SPEC §2 UTILITIES: Domain List, Password Change, Membership Lookup, Standards, Documentation.
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';

export const UTILITIES_TABS: RouteTab[] = [
  { label: 'Domain List', path: '/utilities/domain-list' },
  { label: 'Password Change', path: '/utilities/password-reset' },
  { label: 'Membership Lookup', path: '/utilities/membership-lookup' },
  { label: 'Standards', path: '/utilities/standards' },
  { label: 'Documentation', path: '/utilities/documentation' },
];

export function UtilitiesSection() {
  return <SectionPage heading="UTILITIES" icon={navIcons('utilities').active} tabs={UTILITIES_TABS} />;
}
