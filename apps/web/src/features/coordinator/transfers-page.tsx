// Issue 13: Coordinator › Transfers — requests to move into or out of the coordinator's domains; the receiving
// domain's coordinator accepts or declines (the row's abilities say who may).
import { TRANSFER_STATUSES } from '@guildhall/shared/constants';
import { TRANSFERS_SORTABLE, type TransferRow } from '@guildhall/shared/schemas/administration';
import { toast } from 'react-toastify/unstyled';
import type { Column } from '../../components/data-table';
import { FilteredList } from '../../components/filtered-list';
import { SelectFilter } from '../../components/filter-fields';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useDecideTransfer, useTransfers } from './api';

const columns: Column<TransferRow>[] = [
  {
    key: 'requested',
    header: 'Requested',
    sortKey: 'requested_at',
    cell: (r) => <time dateTime={r.requested_at}>{formatDate(r.requested_at)}</time>,
  },
  { key: 'member', header: 'Member', cell: (r) => `${r.member_name} (${r.user_camnum})` },
  { key: 'from', header: 'From', cell: (r) => r.from_code ?? '—' },
  { key: 'to', header: 'To', cell: (r) => r.to_code },
  { key: 'status', header: 'Status', cell: (r) => r.status },
  { key: 'note', header: 'Note', cell: (r) => r.note ?? '' },
];

const DONE = { accept: 'The transfer was accepted', decline: 'The transfer was declined', cancel: 'The transfer was withdrawn' } as const;
const FAILED = {
  accept: 'Failed to accept the transfer',
  decline: 'Failed to decline the transfer',
  cancel: 'Failed to withdraw the transfer',
} as const;

export function TransfersPage() {
  const list = useListState({
    defaultSort: { sortBy: 'requested_at', direction: 'desc' },
    sortable: TRANSFERS_SORTABLE,
    filters: ['status'],
  });
  const transfers = useTransfers(list.query);
  const decide = useDecideTransfer();
  const act = (row: TransferRow, action: 'accept' | 'decline' | 'cancel') =>
    decide.mutate(
      { id: row.id, action },
      { onSuccess: () => toast.success(DONE[action]), onError: (error) => toast.error(error.message || FAILED[action]) },
    );
  return (
    <div>
      <FilteredList
        list={list}
        result={transfers}
        filtersLabel="Transfer filters"
        filters={
          <SelectFilter
            label="Status"
            value={list.filters.status}
            onChange={(status) => list.setFilters({ status })}
            options={TRANSFER_STATUSES}
          />
        }
        caption="Transfers"
        columns={columns}
        rowKey={(r) => r.id}
        rowActions={(r) =>
          (['accept', 'decline', 'cancel'] as const)
            .filter((a) => r.abilities.includes(a))
            .map((a) => ({
              label: a === 'accept' ? 'Accept' : a === 'decline' ? 'Decline' : 'Withdraw',
              accessibleLabel: `${a === 'accept' ? 'Accept' : a === 'decline' ? 'Decline' : 'Withdraw'} the transfer of ${r.member_name} to ${r.to_code}`,
              danger: a !== 'accept',
              disabled: decide.isPending,
              onClick: () => act(r, a),
            }))
        }
      />
    </div>
  );
}
