// SPEC §5 region → domain choice of a filter row: choosing a region fills the domain choices with that region's
// domains (and empties the chosen domain). Used by the character search and the VSS list.
import { topRegions } from '@guildhall/shared/rules/locations';
import { useDomains, useDomainsByParents } from '../lib/queries';
import { Field } from './field';

export function RegionDomainFields({
  region,
  domain,
  onChange,
}: {
  region: string;
  domain: string;
  onChange: (changes: { region?: string; domain?: string | undefined }) => void;
}) {
  const domains = useDomains();
  const regions = topRegions(domains.data ?? []).sort((a, b) => a.location_name.localeCompare(b.location_name));
  const regionId = region ? Number(region) : null;
  const children = useDomainsByParents(regionId);
  return (
    <>
      <Field label="Region">
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
