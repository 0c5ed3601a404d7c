// SPEC §3 Navigation item: name, label, slug, three icons. The nine sections, in SPEC §2's order.
import { type NavIcons, navIcons } from '../../components/nav-icons';

export interface NavItem {
  name: string;
  label: string;
  slug: string;
  icons: NavIcons;
}

export const NAV_ITEMS: NavItem[] = [
  { name: 'overview', label: 'Overview', slug: '/overview', icons: navIcons('overview') },
  { name: 'profile', label: 'Profile', slug: '/profile', icons: navIcons('profile') },
  { name: 'prestige', label: 'Prestige & Vip', slug: '/prestige-and-vip', icons: navIcons('prestige') },
  { name: 'utilities', label: 'Utilities', slug: '/utilities', icons: navIcons('utilities') },
  { name: 'characters', label: 'Characters', slug: '/characters', icons: navIcons('characters') },
  { name: 'storyteller', label: 'Storyteller', slug: '/storyteller', icons: navIcons('storyteller') },
  { name: 'coordinator', label: 'Coordinator', slug: '/coordinator', icons: navIcons('coordinator') },
  { name: 'administration', label: 'Administration', slug: '/administration', icons: navIcons('administration') },
];

export const LOGOUT_ICONS = navIcons('logout');

/** SPEC §2: the item whose path is contained in the current path is highlighted. */
export function isNavItemActive(slug: string, pathname: string): boolean {
  return pathname === slug || pathname.startsWith(`${slug}/`);
}
