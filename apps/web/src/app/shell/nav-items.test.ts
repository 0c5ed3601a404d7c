import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS } from './nav-items';

describe('navigation items', () => {
  it('are SPEC’s eight sections in order, each with three icons', () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Overview',
      'Profile',
      'Prestige & Vip',
      'Utilities',
      'Characters',
      'Storyteller',
      'Coordinator',
      'Administration',
    ]);
    for (const item of NAV_ITEMS) expect(Object.keys(item.icons)).toEqual(['normal', 'hover', 'active']);
  });
  it('are active when their path contains the current path', () => {
    expect(isNavItemActive('/characters', '/characters/list/12')).toBe(true);
    expect(isNavItemActive('/characters', '/characters')).toBe(true);
    expect(isNavItemActive('/profile', '/prestige-and-vip')).toBe(false);
    expect(isNavItemActive('/utilities', '/utilities-old')).toBe(false);
  });
});
