// SPEC §2 Membership Lookup (staff): name, membership number and email; a filter popup with region, domain,
// type and an expiry window; results paged, sortable, one row selected. The search lives in the URL.
import { USER_TYPES } from '@guildhall/shared/constants';
import { fullName } from '@guildhall/shared/rules/person-name';
import { locationFilterIds } from '@guildhall/shared/rules/locations';
import { LOOKUP_SORTABLE, type LookupRow } from '@guildhall/shared/schemas/membership-lookup';
import * as Popover from '@radix-ui/react-popover';
import { type FormEvent, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import form from '../../components/form.module.css';
import { RegionDomainFields } from '../../components/place-filters';
import popup from '../../components/popup.module.css';
import { useCan } from '../../lib/abilities';
import { useListState } from '../../lib/list-state';
import { useDomains } from '../../lib/queries';
import { useMembershipLookup } from './api';
import styles from './utilities.module.css';
import { formatDate } from '../../lib/format';

const FILTER_KEYS = ['region', 'domain', 'userType', 'from', 'to'] as const;
const SEARCH_KEYS = ['name', 'membershipCode', 'email'] as const;

export function MembershipLookupPage() {
  const [selected, setSelected] = useState<number | null>(null);
  const domains = useDomains();
  const mayLookUp = useCan('members.lookup');
  const seesEmail = useCan('members.lookupByEmail');
  const list = useListState({
    defaultSort: { sortBy: 'id_user', direction: 'desc' },
    sortable: LOOKUP_SORTABLE,
    filters: [...SEARCH_KEYS, ...FILTER_KEYS],
  });
  const get = (key: (typeof SEARCH_KEYS)[number] | (typeof FILTER_KEYS)[number]) => list.filters[key];

  const chosen = domains.data?.find((d) => String(d.id_location) === (get('domain') || get('region')));
  const query = {
    name: get('name') || undefined,
    membershipCode: get('membershipCode') || undefined,
    email: seesEmail ? get('email') || undefined : undefined,
    locations: chosen ? locationFilterIds(chosen).join(',') : undefined,
    userType: get('userType') || undefined,
    from: get('from') || undefined,
    to: get('to') || undefined,
    sortBy: list.sort.sortBy,
    direction: list.sort.direction,
    page: list.page,
    count: list.pageSize,
  };
  const results = useMembershipLookup(query, mayLookUp && !domains.isPending);

  if (!mayLookUp) return <p role="alert">Membership lookup is for staff: members who hold a position in the society.</p>;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.setFilters({
      name: String(data.get('name') ?? '').trim(),
      membershipCode: String(data.get('membershipCode') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
    });
  };

  const columns: Column<LookupRow>[] = [
    { key: 'name', header: 'Name', sortKey: 'user_lname', cell: (r) => (r.user_nick ? `${fullName(r)} (${r.user_nick})` : fullName(r)) },
    { key: 'camnum', header: 'Membership #', sortKey: 'user_camnum', cell: (r) => r.user_camnum },
    { key: 'type', header: 'Type', sortKey: 'user_type', cell: (r) => r.user_type },
    {
      key: 'domain',
      header: 'Domain',
      sortKey: 'location_name',
      cell: (r) => domains.data?.find((d) => d.id_location === r.id_location)?.domain_code ?? r.location_name ?? '—',
    },
    { key: 'expires', header: 'Expires', sortKey: 'user_expiration', cell: (r) => formatDate(r.user_expiration) },
    ...(seesEmail ? [{ key: 'email', header: 'Email', cell: (r: LookupRow) => r.email ?? '—' }] : []),
  ];
  const activeFilters = FILTER_KEYS.filter((k) => get(k)).length;

  return (
    <div>
      <form
        className={styles.searchBar}
        onSubmit={onSearch}
        aria-label="Search members"
        key={`${get('name')}|${get('membershipCode')}|${get('email')}`}
      >
        <label className={styles.inline}>
          <span>Name</span>
          <input name="name" defaultValue={get('name')} autoComplete="off" />
        </label>
        <label className={styles.inline}>
          <span>Membership number</span>
          <input name="membershipCode" defaultValue={get('membershipCode')} autoComplete="off" />
        </label>
        {seesEmail ? (
          <label className={styles.inline}>
            <span>Email</span>
            <input name="email" type="search" defaultValue={get('email')} autoComplete="off" />
          </label>
        ) : null}
        <button type="submit" className={form.primary}>
          Search
        </button>
        <LookupFilters
          values={Object.fromEntries(FILTER_KEYS.map((k) => [k, get(k)]))}
          active={activeFilters}
          onApply={(values) => list.setFilters(values)}
        />
      </form>
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      <DataTable
        caption={results.data ? `Members found: ${results.data.count}` : 'Members'}
        columns={columns}
        rows={results.data?.rows ?? []}
        rowKey={(r) => r.id_user}
        total={results.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        selectedKey={selected}
        onSelect={(r) => setSelected(r.id_user)}
        loading={results.isFetching}
      />
    </div>
  );
}

function LookupFilters({
  values,
  active,
  onApply,
}: {
  values: Record<string, string>;
  active: number;
  onApply: (values: Record<string, string>) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(values);
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(values);
      }}
    >
      <Popover.Trigger asChild>
        <button type="button" className={form.secondary}>
          Filters{active ? ` (${active})` : ''}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={popup.popup} align="end" sideOffset={8} collisionPadding={8} aria-label="Filters">
          <div className={styles.filterGrid}>
            <RegionDomainFields
              region={draft.region ?? ''}
              domain={draft.domain ?? ''}
              onChange={(changes) => setDraft((d) => ({ ...d, region: changes.region ?? d.region ?? '', domain: changes.domain ?? '' }))}
            />
            <label>
              <span>Type</span>
              <select value={draft.userType ?? ''} onChange={(e) => set('userType', e.target.value)}>
                <option value="">Any</option>
                {USER_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <label>
              <span>Expires after</span>
              <input type="date" value={draft.from ?? ''} onChange={(e) => set('from', e.target.value)} />
            </label>
            <label>
              <span>Expires before</span>
              <input type="date" value={draft.to ?? ''} onChange={(e) => set('to', e.target.value)} />
            </label>
          </div>
          <div className={form.actions}>
            <button type="button" className={form.secondary} onClick={() => setDraft(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])))}>
              Clear
            </button>
            <button
              type="button"
              className={form.primary}
              onClick={() => {
                onApply(draft);
                setOpen(false);
              }}
            >
              Apply
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
