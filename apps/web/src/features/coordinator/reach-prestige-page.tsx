// Issue 13: Coordinator › Prestige — the newest prestige of the coordinator's members, with a confirmed delete
// where DESIGN §5 allows it (never on one's own record), and a domain's whole ledger as CSV (issue 26).
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { type ReachPrestige, useDeleteReachPrestige, useReachPrestige } from './api';
import { DomainLedgerExport } from './domain-ledger-export';

const columns: Column<ReachPrestige>[] = [
  {
    key: 'date',
    header: 'Date',
    sortKey: 'prestige_datetime',
    cell: (r) => <time dateTime={r.prestige_datetime}>{formatDate(r.prestige_datetime)}</time>,
  },
  { key: 'member', header: 'Member', cell: (r) => `${r.member_name} (${r.user_camnum})` },
  { key: 'category', header: 'Category', cell: (r) => r.prestige_category },
  { key: 'justification', header: 'Justification', cell: (r) => r.prestige_description },
  { key: 'g', header: 'G', numeric: true, cell: (r) => r.prestige_general },
  { key: 'r', header: 'R', numeric: true, cell: (r) => r.prestige_regional },
  { key: 'n', header: 'N', numeric: true, cell: (r) => r.prestige_national },
  { key: 'vip', header: 'VIP', numeric: true, cell: (r) => r.prestige_usable_general },
  { key: 'by', header: 'Awarded by', cell: (r) => r.reviewer_name ?? '—' },
];

export function ReachPrestigePage() {
  const list = useListState({ defaultSort: { sortBy: 'prestige_datetime', direction: 'desc' }, sortable: ['prestige_datetime'] as const });
  const entries = useReachPrestige(list.query);
  const remove = useDeleteReachPrestige();
  const [pending, setPending] = useState<ReachPrestige | null>(null);
  return (
    <>
      <DomainLedgerExport />
      {entries.isError ? <p role="alert">Failed to fetch prestiges</p> : null}
      <DataTable
        caption="Recent prestige of my members"
        columns={columns}
        rows={entries.data?.rows ?? []}
        rowKey={(r) => r.id_prestige}
        total={entries.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={entries.isFetching}
        rowActions={(r) =>
          r.abilities.includes('delete')
            ? [
                {
                  label: 'Delete',
                  accessibleLabel: `Delete the ${r.prestige_category} entry of ${r.member_name}`,
                  danger: true,
                  onClick: () => setPending(r),
                },
              ]
            : []
        }
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete this prestige entry?"
        description={pending ? `${pending.member_name} — ${pending.prestige_category}: ${pending.prestige_description}.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending, {
            onSuccess: () => {
              toast.success('The prestige entry was deleted');
              setPending(null);
            },
            onError: (error) => toast.error(error.message || 'Failed to delete the prestige entry'),
          });
        }}
      />
    </>
  );
}
