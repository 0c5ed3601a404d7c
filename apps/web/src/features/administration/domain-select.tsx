// A choice of location below the society's root (regions, domains, sub-domains), labelled by SPEC §3 code.
import { type ComponentProps, forwardRef } from 'react';
import { useDomains } from '../../lib/queries';

export const DomainSelect = forwardRef<HTMLSelectElement, ComponentProps<'select'> & { placeholder?: string }>(function DomainSelect(
  { placeholder = 'Choose a domain', ...props },
  ref,
) {
  const domains = useDomains();
  const choices = (domains.data ?? []).filter((d) => d.location_type >= 2).sort((a, b) => a.domain_code.localeCompare(b.domain_code));
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
