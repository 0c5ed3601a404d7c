// SPEC §2 VSS list (/storyteller/vss-manager): filters style sheet name, storyteller, venue type, region and
// domain; columns Domain, Region, Venue, Style Sheet Name, Storyteller; paged and sorted by the API (default
// newest first). A row opens the detail at {list}/{id}; 'Edit' opens the Add/Update VSS panel; 'Add Style
// Sheet' for storytellers. Filters, page and sort live in the URL.
import { VENUE_LIST_SORTABLE, type VenueRow } from '@guildhall/shared/schemas/venues';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { Column } from '../../components/data-table';
import { Field } from '../../components/field';
import { FilteredList } from '../../components/filtered-list';
import { RegionDomainFields, VenueTypeField } from '../../components/place-filters';
import form from '../../components/form.module.css';
import { useCan } from '../../lib/abilities';
import { useListState } from '../../lib/list-state';
import { useVenue, useVenueList } from './api';
import styles from './storyteller.module.css';
import { VssFormDialog } from './vss-form-dialog';

const FILTERS = ['vssName', 'storytellerName', 'venueTypeId', 'region', 'domain'] as const;

const columns: Column<VenueRow>[] = [
  { key: 'domain', header: 'Domain', sortKey: 'domain_name', cell: (r) => `${r.domain_name} (${r.domain_code})` },
  { key: 'region', header: 'Region', cell: (r) => r.region_name ?? '—' },
  { key: 'venue', header: 'Venue', sortKey: 'venue_type', cell: (r) => r.venue_type },
  { key: 'name', header: 'Style Sheet Name', sortKey: 'venue_name', cell: (r) => r.venue_name },
  { key: 'storyteller', header: 'Storyteller', sortKey: 'storyteller_name', cell: (r) => r.storyteller_name ?? '—' },
];

/** The list, or the detail of one sheet in its place when the path names one. */
export function VssListPage() {
  const detail = useOutlet();
  return detail ?? <VssList />;
}

function VssList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const mayAdd = useCan('venues.add');
  const list = useListState({ defaultSort: { sortBy: 'id_venue', direction: 'desc' }, sortable: VENUE_LIST_SORTABLE, filters: FILTERS });
  const { filters } = list;
  const place = filters.domain || filters.region;
  const venues = useVenueList({
    paging: { sortBy: list.sort.sortBy, direction: list.sort.direction, page: list.page, count: list.pageSize },
    filters: {
      vssName: filters.vssName || undefined,
      storytellerName: filters.storytellerName || undefined,
      venueTypeId: filters.venueTypeId ? Number(filters.venueTypeId) : undefined,
      domainIds: place ? [Number(place)] : undefined,
    },
  });
  const [editing, setEditing] = useState<number | null>(null);
  const stopEditing = useCallback(() => setEditing(null), []);

  useEffect(() => {
    if (venues.isError) toast.error('Failed to fetch vss data', { toastId: 'vss-fetch' });
  }, [venues.isError]);

  // The two text filters apply on submit (not on every key); the choices apply at once.
  const [names, setNames] = useState({ vssName: filters.vssName, storytellerName: filters.storytellerName });
  useEffect(
    () => setNames({ vssName: filters.vssName, storytellerName: filters.storytellerName }),
    [filters.vssName, filters.storytellerName],
  );
  const applyNames = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({ vssName: names.vssName.trim(), storytellerName: names.storytellerName.trim() });
  };

  return (
    <div>
      <div className={styles.toolbar}>
        {mayAdd ? (
          <VssFormDialog
            trigger={
              <button type="button" className={form.primary}>
                Add Style Sheet
              </button>
            }
            onAdded={(id) => navigate(String(id))}
          />
        ) : null}
      </div>
      <FilteredList
        list={list}
        result={venues}
        filtersLabel="Style sheet filters"
        searchStyle="secondary"
        onSearch={applyNames}
        classNames={{ filters: styles.filters, actions: styles.filterActions }}
        clearable={FILTERS}
        errorText="Failed to fetch vss data"
        filters={
          <>
            <Field label="Style sheet name">
              <input type="search" value={names.vssName} onChange={(e) => setNames({ ...names, vssName: e.target.value })} />
            </Field>
            <Field label="Storyteller">
              <input
                type="search"
                value={names.storytellerName}
                onChange={(e) => setNames({ ...names, storytellerName: e.target.value })}
              />
            </Field>
            <VenueTypeField value={filters.venueTypeId} onChange={(venueTypeId) => list.setFilters({ venueTypeId })} />
            <RegionDomainFields region={filters.region} domain={filters.domain} onChange={list.setFilters} />
          </>
        }
        caption={venues.data ? `Style sheets: ${venues.data.count}` : 'Style sheets'}
        columns={columns}
        rowKey={(r) => r.id_venue}
        onSelect={(r) => navigate(`${r.id_venue}${search}`)}
        rowActions={(r) => [
          { label: 'Open', accessibleLabel: `Open ${r.venue_name}`, onClick: () => navigate(`${r.id_venue}${search}`) },
          ...(r.abilities.includes('edit')
            ? [{ label: 'Edit', accessibleLabel: `Edit ${r.venue_name}`, onClick: () => setEditing(r.id_venue) }]
            : []),
        ]}
      />
      {editing !== null ? <EditVssDialog key={editing} id={editing} onClose={stopEditing} /> : null}
    </div>
  );
}

/** The Update VSS panel of a list row: the sheet's text is not in the row, so it is fetched first. */
function EditVssDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const venue = useVenue(id);
  // A sheet that cannot be read says so once and lets go of the row, so Edit on it asks again.
  useEffect(() => {
    if (!venue.isError || venue.isFetching) return;
    toast.error('Failed to fetch vss data', { toastId: `vss-fetch-${id}` });
    onClose();
  }, [venue.isError, venue.isFetching, id, onClose]);
  if (!venue.data) return venue.isFetching ? <p aria-busy="true">Loading the style sheet…</p> : null;
  return <VssFormDialog venue={venue.data.venue} open onOpenChange={(open) => (open ? undefined : onClose())} />;
}
