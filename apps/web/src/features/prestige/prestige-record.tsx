// SPEC §2 prestige record: newest first at first, sortable, paged, with a confirmed delete where the record's
// abilities allow it. Page and sort live in the URL.
import { type PrestigeEntry, PRESTIGE_SORTABLE } from '@guildhall/shared/schemas/prestige';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useDeletePrestige, usePrestigeList } from './api';
import styles from './prestige.module.css';

export function PrestigeRecord({ userId }: { userId: number }) {
  const list = useListState({ defaultSort: { sortBy: 'prestige_datetime', direction: 'desc' }, sortable: PRESTIGE_SORTABLE });
  const [pending, setPending] = useState<PrestigeEntry | null>(null);
  const record = usePrestigeList(userId, list.query);
  const remove = useDeletePrestige(userId);

  useEffect(() => {
    if (record.isError) toast.error('Failed to fetch prestiges', { toastId: 'prestige-fetch' });
  }, [record.isError]);

  const columns: Column<PrestigeEntry>[] = [
    {
      key: 'date',
      header: 'Date',
      sortKey: 'prestige_datetime',
      cell: (r) => <time dateTime={r.prestige_datetime}>{formatDate(r.prestige_datetime)}</time>,
    },
    { key: 'category', header: 'Category', sortKey: 'prestige_category', cell: (r) => r.prestige_category },
    {
      key: 'justification',
      header: 'Justification',
      cell: (r) => (
        <span className={styles.text}>
          {r.id_game ? <Link to={`/games/${r.id_game}`}>{r.prestige_description}</Link> : r.prestige_description}
        </span>
      ),
    },
    { key: 'g', header: 'G', sortKey: 'prestige_general', numeric: true, cell: (r) => r.prestige_general },
    { key: 'r', header: 'R', sortKey: 'prestige_regional', numeric: true, cell: (r) => r.prestige_regional },
    { key: 'n', header: 'N', sortKey: 'prestige_national', numeric: true, cell: (r) => r.prestige_national },
    { key: 'vip', header: 'VIP', sortKey: 'prestige_usable_general', numeric: true, cell: (r) => r.prestige_usable_general },
    { key: 'by', header: 'Awarded by', cell: (r) => r.reviewer_name ?? '—' },
  ];

  return (
    <>
      {record.isError ? <p role="alert">Failed to fetch prestiges</p> : null}
      <DataTable
        caption="Prestige record"
        columns={columns}
        rows={record.data?.rows ?? []}
        rowKey={(r) => r.id_prestige}
        total={record.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={record.isFetching}
        rowActions={
          record.data?.abilities.includes('delete')
            ? (r) => [
                {
                  label: 'Delete',
                  accessibleLabel: `Delete the ${r.prestige_category} entry of ${formatDate(r.prestige_datetime)}`,
                  danger: true,
                  onClick: () => setPending(r),
                },
              ]
            : undefined
        }
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete this prestige entry?"
        description={
          pending ? `${pending.prestige_category}: ${pending.prestige_description}. The member's totals will be recomputed.` : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.id_prestige, {
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
