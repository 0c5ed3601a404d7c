import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  childAncestorList,
  childLocationType,
  isSelfOrBelow,
  childDomains,
  domainCode,
  findUs,
  indexLocations,
  isDomain,
  type LocationLike,
  locationFilterIds,
  regionOf,
  topRegions,
} from './locations';

// INT (root) ─ CA (2) ─ CA-001 (4)
// US (2, root) ─ NE (3) ─ 012 (4) ─ A (5)
const loc = (id_location: number, location_code: string, location_type: number, id_parent_location: string | null): LocationLike => ({
  id_location,
  location_code,
  location_type,
  id_parent_location,
});
const INT = loc(1, 'INT', 1, null);
const US = loc(2, 'US', 2, null);
const NE = loc(3, 'NE', 3, '2');
const NE012 = loc(4, '012', 4, '2,3');
const NE012A = loc(5, 'A', 5, '2,3,4');
const CA = loc(6, 'CA', 2, '1');
const CA001 = loc(7, '001', 4, '1,6');
const ORPHAN = loc(8, '999', 4, '1');
const ALL = [INT, US, NE, NE012, NE012A, CA, CA001, ORPHAN];
const byId = indexLocations(ALL);

describe('ancestor lists', () => {
  it.each([
    [null, []],
    ['', []],
    ['2', [2]],
    ['2,3,4', [2, 3, 4]],
    [' 2 , 3 ', [2, 3]],
    ['2,,x,3', [2, 3]],
  ])('reads %j as %j', (raw, expected) => {
    expect(ancestorIds({ id_parent_location: raw })).toEqual(expected);
  });

  it('gives a child its parent’s ancestors plus the parent', () => {
    expect(childAncestorList(NE012)).toBe('2,3,4');
    expect(childAncestorList(US)).toBe('2');
  });
});

describe('domain code', () => {
  it.each([
    [US, 'US'],
    [NE, 'NE'],
    [NE012, 'NE-012'],
    [NE012A, 'NE-012-A'],
    [CA, 'CA'],
    [CA001, 'CA-001'],
  ])('of %o is %s (non-root ancestors plus its own code)', (location, code) => {
    expect(domainCode(location, byId)).toBe(code);
  });
});

describe('region of a domain', () => {
  it('is the location itself when its type is below 4', () => {
    expect(regionOf(NE, byId)).toBe(NE);
    expect(regionOf(US, byId)).toBe(US);
    expect(regionOf(CA, byId)).toBe(CA);
  });
  it('is the type-3 ancestor of a domain, even below a sub-domain', () => {
    expect(regionOf(NE012, byId)).toBe(NE);
    expect(regionOf(NE012A, byId)).toBe(NE);
  });
  it('falls back to the type-2 ancestor when there is no type-3 one', () => {
    expect(regionOf(CA001, byId)).toBe(CA);
  });
  it('is undefined when no ancestor is a region', () => {
    expect(regionOf(ORPHAN, byId)).toBeUndefined();
  });
});

describe('top regions, child domains and the US', () => {
  it('lists types 2 and 3 except the US', () => {
    expect(topRegions(ALL).map((l) => l.location_code)).toEqual(['NE', 'CA']);
  });
  it('finds every location whose ancestor list holds the id', () => {
    expect(childDomains(ALL, 3).map((l) => l.id_location)).toEqual([4, 5]);
    expect(childDomains(ALL, 2).map((l) => l.id_location)).toEqual([3, 4, 5]);
    expect(childDomains(ALL, 5)).toEqual([]);
  });
  it('finds the US by its code', () => {
    expect(findUs(ALL)).toBe(US);
    expect(findUs([NE, CA])).toBeUndefined();
  });
  it('filters a chosen domain by its parents plus itself', () => {
    expect(locationFilterIds(NE012A)).toEqual([2, 3, 4, 5]);
  });
});

describe('childLocationType and isSelfOrBelow', () => {
  const loc = (location_type: number, location_code = 'X', id_parent_location: string | null = '1') => ({
    location_type,
    location_code,
    id_parent_location,
  });
  it('follows the society’s levels', () => {
    expect(childLocationType(loc(1, 'INT', null))).toBe(2);
    expect(childLocationType(loc(2, 'US', null))).toBe(3);
    expect(childLocationType(loc(2, 'CA'))).toBe(4);
    expect(childLocationType(loc(3, 'NE'))).toBe(4);
    expect(childLocationType(loc(4, '012'))).toBe(5);
    expect(childLocationType(loc(5, 'A'))).toBeNull();
  });
  it('knows a location’s own subtree', () => {
    expect(isSelfOrBelow({ id_location: 9, id_parent_location: '1,4' }, 4)).toBe(true);
    expect(isSelfOrBelow({ id_location: 4, id_parent_location: '1' }, 4)).toBe(true);
    expect(isSelfOrBelow({ id_location: 5, id_parent_location: '1' }, 4)).toBe(false);
  });
});

describe('isDomain (SPEC §3: only a location of type above 3 can be a home)', () => {
  it.each([
    [1, false],
    [2, false],
    [3, false],
    [4, true],
    [5, true],
  ])('type %i is a domain: %s', (location_type, expected) => {
    expect(isDomain({ location_type })).toBe(expected);
  });
});
