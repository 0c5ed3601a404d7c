// Filter fields several lists share (Character search, Approvals): Region, whose choice fills Domain with that
// region's domains (SPEC §5), and Venue type. Each applies on change; the caller keeps the values (in the URL).
import { topRegions } from '@guildhall/shared/rules/locations';
import { useDomains, useDomainsByParents, useVenueTypes } from '../lib/queries';
import { Field } from './field';

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
      <Field label="Region">
        {/* A new region empties the domain: its choices are that region's domains. */}
        <select value={region} onChange={(e) => onChange({ region: e.target.value, domain: undefined })}>
          <option value="">Any</option>
          {regions.map((r) => (
            <option key={r.id_location} value={r.id_location}>
              {r.location_name} ({r.domain_code})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Domain">
        <select value={domain} onChange={(e) => onChange({ domain: e.target.value })} disabled={!regionId}>
          <option value="">{regionId ? 'Any' : 'Choose a region first'}</option>
          {(children.data ?? []).map((d) => (
            <option key={d.id_location} value={d.id_location}>
              {d.location_name} ({d.domain_code})
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

export function VenueTypeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const venueTypes = useVenueTypes();
  return (
    <Field label="Venue type">
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {(venueTypes.data ?? []).map((v) => (
          <option key={v.id_venue_type} value={v.id_venue_type}>
            {v.venue_type}
          </option>
        ))}
      </select>
    </Field>
  );
}
