// Character detail › Experience Log: the add form (with 'logXp') and the paged log, where 'voidXp' voids an entry
// (it stays in the log, marked void). Its paging lives in the URL under the 'xp' prefix.
import { XP_TYPES } from '@guildhall/shared/constants';
import { type Character, type XpLog, type XpLogAdd, type XpLogAddInput, xpLogAddSchema } from '@guildhall/shared/schemas/characters';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useAddXpLog, useVoidXpLog, useXpLogs } from './api';
import styles from './characters.module.css';

export function ExperienceLogSection({ character, canLog, canVoid }: { character: Character; canLog: boolean; canVoid: boolean }) {
  const list = useListState({
    defaultSort: { sortBy: 'xp_datetime', direction: 'desc' },
    sortable: ['xp_datetime'] as const,
    prefix: 'xp',
  });
  const logs = useXpLogs(character.id_character, { page: list.page, count: list.pageSize });
  const voidLog = useVoidXpLog();
  const [pending, setPending] = useState<XpLog | null>(null);

  const columns: Column<XpLog>[] = [
    { key: 'date', header: 'Date', cell: (r) => <time dateTime={r.xp_datetime}>{formatDate(r.xp_datetime)}</time> },
    { key: 'type', header: 'Type', cell: (r) => (r.is_void ? `${r.xp_type} (void)` : r.xp_type) },
    {
      key: 'description',
      header: 'Description',
      cell: (r) => (
        <span className={r.is_void ? styles.void : undefined}>
          {r.id_game ? <Link to={`/games/${r.id_game}`}>{r.xp_description}</Link> : r.xp_description}
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', numeric: true, cell: (r) => (r.xp_type === 'Spend' ? `−${r.xp_amount}` : `+${r.xp_amount}`) },
    { key: 'balance', header: 'Balance', numeric: true, cell: (r) => r.xp_balance },
    { key: 'by', header: 'Logged by', cell: (r) => r.author_name ?? '—' },
  ];

  return (
    <section className={styles.panel} aria-labelledby="xp-heading">
      <h2 id="xp-heading">Experience Log</h2>
      {canLog ? <XpLogForm characterId={character.id_character} /> : null}
      {logs.isError ? <p role="alert">{logs.error.message}</p> : null}
      <DataTable
        caption={`Experience log: balance ${character.xp_balance}`}
        columns={columns}
        rows={logs.data?.rows ?? []}
        rowKey={(r) => r.id_xp_log}
        total={logs.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        loading={logs.isFetching}
        rowActions={
          canVoid
            ? (r) => [
                {
                  label: 'Void',
                  accessibleLabel: `Void the ${r.xp_type} entry "${r.xp_description}"`,
                  danger: true,
                  disabled: r.is_void,
                  onClick: () => setPending(r),
                },
              ]
            : undefined
        }
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Void this experience entry?"
        description={
          pending
            ? `${pending.xp_type} ${pending.xp_amount}: ${pending.xp_description}. It stays in the log, marked void, and the balances are recomputed.`
            : ''
        }
        confirmLabel="Void"
        busy={voidLog.isPending}
        onConfirm={() => {
          if (!pending) return;
          voidLog.mutate(pending.id_xp_log, {
            onSuccess: () => {
              toast.success('The experience entry was voided');
              setPending(null);
            },
            onError: (error) => toast.error(error.message || 'Failed to void the experience entry'),
          });
        }}
      />
    </section>
  );
}

function XpLogForm({ characterId }: { characterId: number }) {
  const add = useAddXpLog();
  const empty: XpLogAddInput = { id_character: characterId, xp_type: '' as XpLogAddInput['xp_type'], xp_amount: '', xp_description: '' };
  const xp = useApiForm<XpLogAddInput, XpLogAdd>({
    schema: xpLogAddSchema,
    defaultValues: empty,
    submit: (values) => add.mutateAsync(values),
    success: 'Experience was added successfully',
    failure: 'Failed to add the experience',
    onSuccess: () => xp.reset(empty),
  });
  const errors = xp.formState.errors;
  return (
    <form onSubmit={xp.onSubmit} noValidate aria-label="Add experience">
      <div className={form.grid}>
        <Field label="XP type" error={errors.xp_type?.message}>
          <select {...xp.register('xp_type')}>
            <option value="">Choose a type</option>
            {XP_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Count" error={errors.xp_amount?.message}>
          <input type="number" inputMode="numeric" min={1} step={1} {...xp.register('xp_amount')} />
        </Field>
      </div>
      <Field label="Description" error={errors.xp_description?.message}>
        <input autoComplete="off" {...xp.register('xp_description')} />
      </Field>
      <div className={form.actions}>
        <SubmitButton busy={xp.busy} label="Add experience" busyLabel="Adding…" />
      </div>
    </form>
  );
}
