// Character detail › Applications: the character's applications, and the Add Application panel.
import type { ApprovalRow } from '@guildhall/shared/schemas/approvals';
import type { Character } from '@guildhall/shared/schemas/characters';
import { type Column, DataTable } from '../../components/data-table';
import form from '../../components/form.module.css';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { AddApprovalDialog } from './add-approval-dialog';
import { useCharacterApprovals } from './api';
import styles from './characters.module.css';

export function ApplicationsSection({ character, canAdd }: { character: Character; canAdd: boolean }) {
  const list = useListState({
    defaultSort: { sortBy: 'created_at', direction: 'desc' },
    sortable: ['created_at'] as const,
    pageSize: 10,
    prefix: 'apps',
  });
  const approvals = useCharacterApprovals(character.id_character, { page: list.page, count: list.pageSize });
  const columns: Column<ApprovalRow>[] = [
    { key: 'number', header: 'App number', cell: (r) => r.app_number },
    { key: 'description', header: 'Item description', cell: (r) => r.description },
    { key: 'category', header: 'Category', cell: (r) => r.category },
    { key: 'status', header: 'Status', cell: (r) => r.status },
    { key: 'updated', header: 'Last updated', cell: (r) => formatDate(r.update_date) },
  ];
  return (
    <section className={styles.panel} aria-labelledby="applications-detail-heading">
      <h2 id="applications-detail-heading">Applications</h2>
      {canAdd ? (
        <div className={styles.toolbar}>
          <AddApprovalDialog
            character={character}
            panel="Add Application"
            trigger={
              <button type="button" className={form.secondary}>
                Add Application
              </button>
            }
          />
        </div>
      ) : null}
      {approvals.isError ? <p role="alert">{approvals.error.message}</p> : null}
      <DataTable
        caption={`Applications of ${character.character_name}`}
        columns={columns}
        rows={approvals.data?.rows ?? []}
        rowKey={(r) => r.id}
        total={approvals.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        loading={approvals.isFetching}
      />
    </section>
  );
}
