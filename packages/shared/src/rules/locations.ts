// SPEC §3 Location rules: ancestor lists, domain codes, regions, top regions, child domains, the US.
import { LOCATION_TYPE, US_LOCATION_CODE } from '../constants';

export interface LocationLike {
  id_location: number;
  location_code: string;
  location_type: number;
  /** Comma-separated ancestor ids, root first; empty or null for a root. */
  id_parent_location: string | null;
}

export function ancestorIds(location: Pick<LocationLike, 'id_parent_location'>): number[] {
  if (!location.id_parent_location) return [];
  return location.id_parent_location
    .split(',')
    .map((part) => Number.parseInt(part.trim(), 10))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The ancestor list a child of `parent` carries. */
export function childAncestorList(parent: Pick<LocationLike, 'id_location' | 'id_parent_location'>): string {
  return [...ancestorIds(parent), parent.id_location].join(',');
}

function ancestorsOf<T extends LocationLike>(location: T, byId: ReadonlyMap<number, T>): T[] {
  return ancestorIds(location)
    .map((id) => byId.get(id))
    .filter((found): found is T => found !== undefined);
}

/** Location codes of the non-root ancestors plus its own, joined with a hyphen (e.g. NE-012). */
export function domainCode<T extends LocationLike>(location: T, byId: ReadonlyMap<number, T>): string {
  const nonRoot = ancestorsOf(location, byId).slice(1);
  return [...nonRoot.map((a) => a.location_code), location.location_code].join('-');
}

/** SPEC §3: a domain is a location of type above 3 (a domain or a sub-domain); only a domain can be a home. */
export function isDomain(location: Pick<LocationLike, 'location_type'>): boolean {
  return location.location_type > LOCATION_TYPE.US_REGION;
}

/** Itself if its type is below 4; else its ancestor of type 3, failing that its ancestor of type 2. */
export function regionOf<T extends LocationLike>(location: T, byId: ReadonlyMap<number, T>): T | undefined {
  if (location.location_type < LOCATION_TYPE.DOMAIN) return location;
  const ancestors = ancestorsOf(location, byId);
  return (
    ancestors.find((a) => a.location_type === LOCATION_TYPE.US_REGION) ?? ancestors.find((a) => a.location_type === LOCATION_TYPE.REGION)
  );
}

/** Locations of type 2 or 3, excluding the US itself. */
export function topRegions<T extends LocationLike>(locations: readonly T[]): T[] {
  return locations.filter(
    (l) =>
      (l.location_type === LOCATION_TYPE.REGION || l.location_type === LOCATION_TYPE.US_REGION) && l.location_code !== US_LOCATION_CODE,
  );
}

/** Every location whose ancestor list contains `id`. */
export function childDomains<T extends LocationLike>(locations: readonly T[], id: number): T[] {
  return locations.filter((l) => ancestorIds(l).includes(id));
}

export function findUs<T extends LocationLike>(locations: readonly T[]): T | undefined {
  return locations.find((l) => l.location_code === US_LOCATION_CODE);
}

/** The `locations` filter for a chosen domain: its ancestors plus itself (SPEC §5). */
export function locationFilterIds(location: Pick<LocationLike, 'id_location' | 'id_parent_location'>): number[] {
  return [...ancestorIds(location), location.id_location];
}

export function indexLocations<T extends LocationLike>(locations: readonly T[]): Map<number, T> {
  return new Map(locations.map((l) => [l.id_location, l]));
}

const byName = <T extends { location_name: string }>(a: T, b: T) => a.location_name.localeCompare(b.location_name);

/** SPEC §2 Domain List, first level: the US at the top, then the other type-2 regions. */
export function domainListTopLevel<T extends LocationLike & { location_name: string }>(locations: readonly T[]): T[] {
  const us = locations.filter((l) => l.location_code === US_LOCATION_CODE);
  const others = locations.filter((l) => l.location_type === LOCATION_TYPE.REGION && l.location_code !== US_LOCATION_CODE).sort(byName);
  return [...us, ...others];
}

/** The locations directly below `parent` (its child regions under the US; domains under a region), by name. */
export function directChildren<T extends LocationLike & { location_name: string }>(
  locations: readonly T[],
  parent: Pick<LocationLike, 'id_location'>,
): T[] {
  return locations.filter((l) => ancestorIds(l).at(-1) === parent.id_location).sort(byName);
}

/**
 * The type of a new location under `parent` (decision 001): under the society's root a region (2); under the US
 * root a US region (3); under a region a domain (4); under a domain a sub-domain (5). Below a sub-domain
 * nothing: null.
 */
export function childLocationType(parent: Pick<LocationLike, 'location_type' | 'location_code' | 'id_parent_location'>): number | null {
  if (parent.location_type === LOCATION_TYPE.ROOT) return LOCATION_TYPE.REGION;
  if (parent.location_type === LOCATION_TYPE.REGION && parent.location_code === US_LOCATION_CODE && !parent.id_parent_location)
    return LOCATION_TYPE.US_REGION;
  if (parent.location_type === LOCATION_TYPE.REGION || parent.location_type === LOCATION_TYPE.US_REGION) return LOCATION_TYPE.DOMAIN;
  if (parent.location_type === LOCATION_TYPE.DOMAIN) return LOCATION_TYPE.SUB_DOMAIN;
  return null;
}

/** Whether `candidate` is `location` itself or lies below it (a location cannot move under its own subtree). */
export function isSelfOrBelow(candidate: Pick<LocationLike, 'id_location' | 'id_parent_location'>, id_location: number): boolean {
  return candidate.id_location === id_location || ancestorIds(candidate).includes(id_location);
}
