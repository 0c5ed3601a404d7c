// SPEC §2 Character search (staff and storytellers): filters domain (region first fills its choices), region,
// character type, subtype (of that type) and venue type; columns Name, Type, Subtype, Virtue, # of Approvals,
// Player, Membership #, On Style Sheet; sorted and paged by the API. Filters, page and sort live in the URL.
import { vssStatusLabel } from '@guildhall/shared/rules/vss-status';
import { CHARACTER_SEARCH_SORTABLE, type CharacterSearchRow } from '@guildhall/shared/schemas/characters';
import type { Column } from '../../components/data-table';
import { SelectFilter } from '../../components/filter-fields';
import { FilteredList } from '../../components/filtered-list';
import { RegionDomainFields, VenueTypeField } from '../../components/place-filters';
import { useCan } from '../../lib/abilities';
import { useListState } from '../../lib/list-state';
import { useCharacterSearch, useCharacterSubtypes, useCharacterTypes } from './api';
import styles from './characters.module.css';

const FILTERS = ['region', 'domain', 'typeId', 'subtypeId', 'venueTypeId'] as const;

const columns: Column<CharacterSearchRow>[] = [
  { key: 'name', header: 'Name', sortKey: 'character_name', cell: (r) => r.character_name },
  { key: 'type', header: 'Type', sortKey: 'type_name', cell: (r) => r.type_name },
  { key: 'subtype', header: 'Subtype', sortKey: 'subtype_name', cell: (r) => r.subtype_name },
  { key: 'virtue', header: 'Virtue', sortKey: 'character_virtue', cell: (r) => r.character_virtue },
  { key: 'apps', header: '# of Approvals', sortKey: 'app_count', numeric: true, cell: (r) => r.app_count },
  { key: 'player', header: 'Player', sortKey: 'player_name', cell: (r) => r.player_name },
  { key: 'camnum', header: 'Membership #', sortKey: 'user_camnum', cell: (r) => r.user_camnum },
  {
    key: 'vss',
    header: 'On Style Sheet',
    sortKey: 'vss_status',
    cell: (r) => <span title={r.venue_name ?? undefined}>{vssStatusLabel(r.vss_status)}</span>,
  },
];

export function CharacterSearchPage() {
  const maySearch = useCan('characters.search');
  const list = useListState({
    defaultSort: { sortBy: 'character_name', direction: 'asc' },
    sortable: CHARACTER_SEARCH_SORTABLE,
    filters: FILTERS,
  });
  const { filters } = list;
  const typeId = filters.typeId ? Number(filters.typeId) : null;
  const types = useCharacterTypes();
  const subtypes = useCharacterSubtypes(typeId);
  const results = useCharacterSearch(list.query, maySearch);

  if (!maySearch) return <p role="alert">Character search is for staff and storytellers.</p>;

  return (
    <div>
      <FilteredList
        list={list}
        result={results}
        filtersLabel="Character search filters"
        classNames={{ filters: styles.filters }}
        clearable={FILTERS}
        filters={
          <>
            <RegionDomainFields region={filters.region} domain={filters.domain} onChange={list.setFilters} />
            <SelectFilter
              label="Character type"
              value={filters.typeId}
              onChange={(value) => list.setFilters({ typeId: value, subtypeId: undefined })}
              options={(types.data ?? []).map((t) => ({ value: t.id_type, label: t.type_name }))}
            />
            <SelectFilter
              label="Subtype"
              value={filters.subtypeId}
              onChange={(subtypeId) => list.setFilters({ subtypeId })}
              options={(subtypes.data ?? []).map((s) => ({ value: s.id_subtype, label: s.subtype_name }))}
              empty={typeId ? 'Any' : 'Choose a type first'}
              disabled={!typeId}
            />
            <VenueTypeField value={filters.venueTypeId} onChange={(venueTypeId) => list.setFilters({ venueTypeId })} />
          </>
        }
        caption={results.data ? `Characters found: ${results.data.count}` : 'Characters'}
        columns={columns}
        rowKey={(r) => r.id_character}
      />
    </div>
  );
}
