// Issue 25: Administration › Outbox — every e-mail the portal has written, with its status and, when it failed,
// the reason the mail server gave. With no mail server configured this is where the messages can be read off.
import { OUTBOX_STATUSES, type OutboxMessage } from '@guildhall/shared/schemas/mail';
import type { Column } from '../../components/data-table';
import { FilteredList } from '../../components/filtered-list';
import { SelectFilter } from '../../components/filter-fields';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useOutbox } from './api';

const FILTERS = ['status'] as const;

const columns: Column<OutboxMessage>[] = [
  {
    key: 'created_at',
    header: 'Written',
    sortKey: 'created_at',
    cell: (r) => <time dateTime={r.created_at}>{`${formatDate(r.created_at)} ${new Date(r.created_at).toLocaleTimeString()}`}</time>,
  },
  { key: 'recipient', header: 'To', cell: (r) => r.recipient },
  { key: 'subject', header: 'Subject', cell: (r) => r.subject },
  { key: 'kind', header: 'Kind', cell: (r) => r.kind },
  { key: 'status', header: 'Status', cell: (r) => (r.attempts > 1 ? `${r.status} (${r.attempts} attempts)` : r.status) },
  { key: 'reason', header: 'Reason', cell: (r) => r.last_error ?? '' },
];

export function OutboxPage() {
  const list = useListState({
    defaultSort: { sortBy: 'created_at', direction: 'desc' },
    sortable: ['created_at'] as const,
    filters: FILTERS,
  });
  const outbox = useOutbox(list.query);
  return (
    <div>
      <FilteredList
        list={list}
        result={outbox}
        filtersLabel="Outbox filters"
        filters={
          <SelectFilter
            label="Status"
            value={list.filters.status}
            onChange={(status) => list.setFilters({ status })}
            options={OUTBOX_STATUSES}
          />
        }
        caption="Outbox"
        columns={columns}
        rowKey={(r) => r.id}
      />
    </div>
  );
}
