// A choice of location below the society's root (regions, domains, sub-domains), labelled by SPEC §3 code; for a
// member's home, domains only (SPEC §3: location_type above 3).
import { isDomain } from '@guildhall/shared/rules/locations';
import { type ComponentProps, forwardRef } from 'react';
import { useDomains } from '../../lib/queries';

type Props = ComponentProps<'select'> & {
  placeholder?: string;
  /** Only places that can be a member's home: domains and sub-domains, never a region or the US. */
  homes?: boolean;
};

export const DomainSelect = forwardRef<HTMLSelectElement, Props>(function DomainSelect(
  { placeholder = 'Choose a domain', homes = false, ...props },
  ref,
) {
  const domains = useDomains();
  const choices = (domains.data ?? [])
    .filter((d) => (homes ? isDomain(d) : d.location_type >= 2))
    .sort((a, b) => a.domain_code.localeCompare(b.domain_code));
  return (
    <select ref={ref} {...props}>
      <option value="">{domains.isLoading ? 'Loading…' : placeholder}</option>
      {choices.map((d) => (
        <option key={d.id_location} value={d.id_location}>
          {d.domain_code} · {d.location_name}
        </option>
      ))}
    </select>
  );
});
