// Issue 26: a domain's prestige ledger as CSV, on Coordinator › Prestige: the entries of the members at home in the
// chosen domain or below it (decision 111). It starts at the coordinator's own domain; the API refuses a domain
// beyond the coordinator's posts.
import { useState } from 'react';
import { ExportCsvButton } from '../../components/export-csv-button';
import { SelectFilter } from '../../components/filter-fields';
import form from '../../components/form.module.css';
import { useAuth } from '../../lib/auth';
import { useDomains } from '../../lib/queries';

export function DomainLedgerExport() {
  const { user } = useAuth();
  const domains = useDomains();
  const [chosen, setChosen] = useState<string | null>(null);
  const domain = chosen ?? (user?.id_location ? String(user.id_location) : '');
  const options = (domains.data ?? [])
    .map((d) => ({ value: d.id_location, label: `${d.location_name} (${d.domain_code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <section aria-label="Domain prestige ledger" className={form.actions}>
      <SelectFilter label="Domain ledger" value={domain} onChange={setChosen} options={options} empty="Choose a domain" />
      {domain ? (
        <ExportCsvButton
          path={`/prestiges/location/${domain}/export`}
          fileName={`domain-prestige-${domain}.csv`}
          failure="The domain's prestige could not be exported"
        />
      ) : null}
    </section>
  );
}
