// Filter fields several lists share (Character search, Approvals): Region, whose choice fills Domain with that
// region's domains (SPEC §5), and Venue type. Each applies on change; the caller keeps the values (in the URL).
import { topRegions } from '@guildhall/shared/rules/locations';
import { useDomains, useDomainsByParents, useVenueTypes } from '../lib/queries';
import { SelectFilter } from './filter-fields';

export function RegionDomainFields({
  region,
  domain,
  onChange,
}: {
  region: string;
  domain: string;
  onChange: (changes: { region?: string | undefined; domain?: string | undefined }) => void;
}) {
  const domains = useDomains();
  const regions = topRegions(domains.data ?? []).sort((a, b) => a.location_name.localeCompare(b.location_name));
  const regionId = region ? Number(region) : null;
  const children = useDomainsByParents(regionId);
  return (
    <>
      {/* A new region empties the domain: its choices are that region's domains. */}
      <SelectFilter
        label="Region"
        value={region}
        onChange={(value) => onChange({ region: value, domain: undefined })}
        options={regions.map((r) => ({ value: r.id_location, label: `${r.location_name} (${r.domain_code})` }))}
      />
      <SelectFilter
        label="Domain"
        value={domain}
        onChange={(value) => onChange({ domain: value })}
        options={(children.data ?? []).map((d) => ({ value: d.id_location, label: `${d.location_name} (${d.domain_code})` }))}
        empty={regionId ? 'Any' : 'Choose a region first'}
        disabled={!regionId}
      />
    </>
  );
}

export function VenueTypeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const venueTypes = useVenueTypes();
  return (
    <SelectFilter
      label="Venue type"
      value={value}
      onChange={onChange}
      options={(venueTypes.data ?? []).map((v) => ({ value: v.id_venue_type, label: v.venue_type }))}
    />
  );
}
