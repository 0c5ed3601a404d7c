// SPEC §2 Approvals list: filters item name, app number, player name and number, venue (type), level, category,
// region (fills the domain choices) and domain; columns Item, App Number, Player, VSS name, Required Approval,
// Status, Last updated, Last updated By — plus Waiting and an Overdue marker (DESIGN §6). The default view is
// 'Awaiting me'; filters, page and sort live in the URL; a row opens the detail over the list.
import { APPROVAL_CATEGORIES, APPROVAL_LEVELS, APPROVAL_STATUSES } from '@guildhall/shared/constants';
import { locationFilterIds } from '@guildhall/shared/rules/locations';
import { APPROVALS_SORTABLE, type ApprovalListRow, type ApprovalsListInput } from '@guildhall/shared/schemas/approvals';
import type { FormEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { OverdueMarker, waitingText } from '../../../components/approval-history';
import type { Column } from '../../../components/data-table';
import { Field } from '../../../components/field';
import { SelectFilter } from '../../../components/filter-fields';
import { FilteredList } from '../../../components/filtered-list';
import { RegionDomainFields, VenueTypeField } from '../../../components/place-filters';
import { modalFromList } from '../../../components/modal-route';
import { formatDate } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useDomains } from '../../../lib/queries';
import { useApprovals } from './api';
import styles from './approvals.module.css';

const FILTERS = ['view', 'itemName', 'appNumber', 'userName', 'venueTypeId', 'level', 'category', 'status', 'region', 'domain'] as const;
const TEXT_FILTERS = ['itemName', 'appNumber', 'userName'] as const;
/** 'Clear filters' keeps the view (Awaiting me, Overdue, All I can see). */
const CLEARABLE = FILTERS.filter((f) => f !== 'view');
const VIEWS = [
  { value: '', label: 'Awaiting me' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'all', label: 'All I can see' },
] as const;

const columns: Column<ApprovalListRow>[] = [
  { key: 'item', header: 'Item', sortKey: 'description', cell: (r) => r.description },
  { key: 'number', header: 'App Number', sortKey: 'app_number', cell: (r) => r.app_number },
  { key: 'player', header: 'Player', sortKey: 'player_name', cell: (r) => `${r.player_name} (${r.user_camnum})` },
  { key: 'vss', header: 'VSS name', sortKey: 'venue_name', cell: (r) => r.venue_name ?? '—' },
  { key: 'level', header: 'Required Approval', sortKey: 'required_approval', cell: (r) => r.required_approval },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (r) => r.status },
  {
    key: 'waiting',
    header: 'Waiting',
    sortKey: 'level_since',
    cell: (r) => (
      <>
        {waitingText(r.status, r.level_since)} {r.overdue ? <OverdueMarker /> : null}
      </>
    ),
  },
  { key: 'updated', header: 'Last updated', sortKey: 'update_date', cell: (r) => formatDate(r.update_date) },
  { key: 'by', header: 'Last updated By', cell: (r) => r.updated_by_name ?? '—' },
];

export function ApprovalsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const list = useListState({ defaultSort: { sortBy: 'update_date', direction: 'desc' }, sortable: APPROVALS_SORTABLE, filters: FILTERS });
  const { filters } = list;
  const domains = useDomains();
  const place = (domains.data ?? []).find((d) => String(d.id_location) === (filters.domain || filters.region));

  const { view, region: _region, domain: _domain, ...rest } = list.query;
  const query: ApprovalsListInput = {
    ...rest,
    ...(view === 'all' ? {} : view === 'overdue' ? { overdue: 'true' } : { awaitingMe: 'true' }),
    ...(place ? { domainIds: locationFilterIds(place).join(',') } : {}),
  } as ApprovalsListInput;
  const approvals = useApprovals(query);

  const applyText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.setFilters(Object.fromEntries(TEXT_FILTERS.map((f) => [f, String(data.get(f) ?? '').trim() || undefined])));
  };

  return (
    <div>
      <FilteredList
        list={list}
        result={approvals}
        filtersLabel="Approvals filters"
        classNames={{ filters: styles.filters, actions: styles.filterActions }}
        onSearch={applyText}
        clearable={CLEARABLE}
        filters={
          <>
            <Field label="Show">
              <select value={filters.view} onChange={(e) => list.setFilters({ view: e.target.value })}>
                {VIEWS.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.label}
                  </option>
                ))}
              </select>
            </Field>
            {/* Text filters apply on Enter or Search; the key re-reads them when the URL changes (back, clear). */}
            <Field label="Item name">
              <input name="itemName" defaultValue={filters.itemName} key={`i${filters.itemName}`} />
            </Field>
            <Field label="App number">
              <input name="appNumber" defaultValue={filters.appNumber} key={`a${filters.appNumber}`} />
            </Field>
            <Field label="Player name or number">
              <input name="userName" defaultValue={filters.userName} key={`u${filters.userName}`} />
            </Field>
            <VenueTypeField value={filters.venueTypeId} onChange={(venueTypeId) => list.setFilters({ venueTypeId })} />
            <SelectFilter label="Level" value={filters.level} onChange={(level) => list.setFilters({ level })} options={APPROVAL_LEVELS} />
            <SelectFilter
              label="Category"
              value={filters.category}
              onChange={(category) => list.setFilters({ category })}
              options={APPROVAL_CATEGORIES}
            />
            <SelectFilter
              label="Status"
              value={filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={APPROVAL_STATUSES}
            />
            <RegionDomainFields region={filters.region} domain={filters.domain} onChange={list.setFilters} />
          </>
        }
        caption={approvals.data ? `Applications: ${approvals.data.count}` : 'Applications'}
        columns={columns}
        rowKey={(r) => r.id}
        onSelect={(r) => navigate(`${r.id}${search}`, { state: modalFromList })}
        rowActions={(r) => [
          { label: 'Open', accessibleLabel: `Open ${r.app_number}`, onClick: () => navigate(`${r.id}${search}`, { state: modalFromList }) },
        ]}
      />
      <Outlet />
    </div>
  );
}
