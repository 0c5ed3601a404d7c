// SPEC §2 CHARACTERS: Characters, VSS List.
import { navIcons } from '../../components/nav-icons';
import type { RouteTab } from '../../components/route-tabs';
import { SectionPage } from '../../components/section-page';

export const CHARACTERS_TABS: RouteTab[] = [
  { label: 'Characters', path: '/characters/list' },
  { label: 'VSS List', path: '/characters/vss-list' },
];

export function CharactersSection() {
  return <SectionPage heading="CHARACTERS" icon={navIcons('characters').active} tabs={CHARACTERS_TABS} />;
}
