// SPEC §2 prestige record: newest first at first, sortable, paged, with a confirmed delete where allowed.
import type { PrestigeEntry } from '@guildhall/shared/schemas/prestige';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable, type SortState } from '../../components/data-table';
import { PRESTIGE_PAGE_SIZE, useDeletePrestige, usePrestigeList } from './api';
import styles from './prestige.module.css';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function PrestigeRecord({ userId }: { userId: number }) {
  const [sort, setSort] = useState<SortState>({ sortBy: 'prestige_datetime', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<PrestigeEntry | null>(null);
  const list = usePrestigeList(userId, sort, page);
  const remove = useDeletePrestige(userId);

  useEffect(() => {
    if (list.isError) toast.error('Failed to fetch prestiges', { toastId: 'prestige-fetch' });
  }, [list.isError]);

  const columns: Column<PrestigeEntry>[] = [
    {
      key: 'date',
      header: 'Date',
      sortKey: 'prestige_datetime',
      cell: (r) => <time dateTime={r.prestige_datetime}>{formatDate(r.prestige_datetime)}</time>,
    },
    { key: 'category', header: 'Category', sortKey: 'prestige_category', cell: (r) => r.prestige_category },
    { key: 'justification', header: 'Justification', cell: (r) => <span className={styles.text}>{r.prestige_description}</span> },
    { key: 'g', header: 'G', sortKey: 'prestige_general', numeric: true, cell: (r) => r.prestige_general },
    { key: 'r', header: 'R', sortKey: 'prestige_regional', numeric: true, cell: (r) => r.prestige_regional },
    { key: 'n', header: 'N', sortKey: 'prestige_national', numeric: true, cell: (r) => r.prestige_national },
    { key: 'vip', header: 'VIP', sortKey: 'prestige_usable_general', numeric: true, cell: (r) => r.prestige_usable_general },
    { key: 'by', header: 'Awarded by', cell: (r) => r.reviewer_name ?? '—' },
  ];
  if (list.data?.canDelete) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <button
          type="button"
          className={styles.deleteButton}
          onClick={() => setPending(r)}
          aria-label={`Delete the ${r.prestige_category} entry of ${formatDate(r.prestige_datetime)}`}
        >
          Delete
        </button>
      ),
    });
  }

  return (
    <>
      {list.isError ? <p role="alert">Failed to fetch prestiges</p> : null}
      <DataTable
        caption="Prestige record"
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.id_prestige}
        total={list.data?.count ?? 0}
        page={page}
        pageSize={PRESTIGE_PAGE_SIZE}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        loading={list.isFetching}
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
