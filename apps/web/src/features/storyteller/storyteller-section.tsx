// SPEC §2 STORYTELLER: Style-Sheet (disabled), Vss Manager, Character Census, Approvals, Plots, Staff,
// Reports, Investigations.
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';

export const STORYTELLER_TABS: RouteTab[] = [
  { label: 'Style-Sheet', path: '/storyteller/stylesheet', disabled: true },
  { label: 'Vss Manager', path: '/storyteller/vss-manager' },
  { label: 'Character Census', path: '/storyteller/character-census' },
  { label: 'Approvals', path: '/storyteller/approvals' },
  { label: 'Plots', path: '/storyteller/plots' },
  { label: 'Staff', path: '/storyteller/staff' },
  { label: 'Reports', path: '/storyteller/reports' },
  { label: 'Investigations', path: '/storyteller/investigations' },
];

export function StorytellerSection() {
  return <SectionPage heading="STORYTELLER" icon={navIcons('storyteller').active} tabs={STORYTELLER_TABS} />;
}
