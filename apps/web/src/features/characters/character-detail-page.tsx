// SPEC §2 Character detail, a full-screen modal over My characters (/characters/list/:id): Overview (the edit
// form), Character Sheet Information (the justification, sent only when changed), Experience Log and
// Applications. What the member may do comes with the character (`extra.abilities`).
import { XP_TYPES } from '@guildhall/shared/constants';
import { vssStatusLabel } from '@guildhall/shared/rules/vss-status';
import type { ApprovalRow } from '@guildhall/shared/schemas/approvals';
import {
  type Character,
  type CharacterAbility,
  type CharacterUpdate,
  type CharacterUpdateInput,
  characterUpdateSchema,
  type XpLog,
  type XpLogAdd,
  type XpLogAddInput,
  xpLogAddSchema,
} from '@guildhall/shared/schemas/characters';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { ModalRoute } from '../../components/modal-route';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { AddApprovalDialog } from './add-approval-dialog';
import { useAddXpLog, useCharacter, useCharacterApprovals, useUpdateCharacter, useVoidXpLog, useXpLogs } from './api';
import { CharacterFields } from './character-fields';
import styles from './characters.module.css';

export function CharacterDetailPage() {
  const id = Number(useParams().id);
  const location = useLocation();
  const detail = useCharacter(id);
  // Back to the list as it was (its page and sort are in the query), minus this modal's own XP paging.
  const back = new URLSearchParams(location.search);
  for (const key of ['xpPage', 'xpSortBy', 'xpDirection']) back.delete(key);
  const closeTo = `/characters/list${back.size ? `?${back}` : ''}`;
  const title = detail.data?.character.character_name ?? (detail.isError ? 'Character' : 'Loading…');

  return (
    <ModalRoute title={title} closeTo={closeTo}>
      {detail.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : detail.isError ? (
        <p role="alert">{detail.error.message}</p>
      ) : (
        <CharacterSections
          key={detail.data.character.id_character}
          character={detail.data.character}
          abilities={detail.data.abilities}
          focusEdit={Boolean((location.state as { edit?: boolean } | null)?.edit)}
        />
      )}
    </ModalRoute>
  );
}

function CharacterSections({
  character,
  abilities,
  focusEdit,
}: {
  character: Character;
  abilities: CharacterAbility[];
  focusEdit: boolean;
}) {
  return (
    <div className={styles.sections}>
      <dl className={styles.facts} aria-label="Character facts">
        <div>
          <dt>Player</dt>
          <dd>
            {character.player_name} ({character.user_camnum})
          </dd>
        </div>
        <div>
          <dt>VSS</dt>
          <dd>{vssStatusLabel(character.vss_status)}</dd>
        </div>
        <div>
          <dt>XP balance</dt>
          <dd data-testid="xp-balance">{character.xp_balance}</dd>
        </div>
        <div>
          <dt>Applications</dt>
          <dd>{character.app_count}</dd>
        </div>
      </dl>
      <OverviewSection character={character} canEdit={abilities.includes('edit')} focusEdit={focusEdit} />
      <JustificationSection character={character} canEdit={abilities.includes('edit')} />
      <ExperienceSection character={character} canLog={abilities.includes('logXp')} canVoid={abilities.includes('voidXp')} />
      <ApplicationsSection character={character} canAdd={abilities.includes('addApproval')} />
    </div>
  );
}

const overviewValues = (c: Character): CharacterUpdateInput => ({
  id_venue: c.id_venue ?? ('' as unknown as number),
  character_name: c.character_name,
  id_type: c.id_type,
  id_subtype: c.id_subtype,
  character_virtue: c.character_virtue,
  character_vice: c.character_vice,
  character_concept: c.character_concept ?? '',
  character_status: c.character_status,
});

function OverviewSection({ character, canEdit, focusEdit }: { character: Character; canEdit: boolean; focusEdit: boolean }) {
  const update = useUpdateCharacter(character.id_character);
  const overview = useApiForm<CharacterUpdateInput, CharacterUpdate>({
    schema: characterUpdateSchema,
    defaultValues: overviewValues(character),
    submit: (values) => update.mutateAsync(values),
    success: 'Character was updated successfully',
    failure: 'Failed to update the character',
    onSuccess: (values) => overview.reset(values as CharacterUpdateInput),
  });
  const { setFocus } = overview;
  useEffect(() => {
    // 'Edit' on a row opens the detail at the first field of this form.
    if (focusEdit && canEdit) setTimeout(() => setFocus('character_name'), 0);
  }, [focusEdit, canEdit, setFocus]);

  return (
    <section className={styles.panel} aria-labelledby="overview-heading">
      <h2 id="overview-heading">Overview</h2>
      <form onSubmit={overview.onSubmit} noValidate aria-label="Overview">
        <CharacterFields methods={overview} currentVenue={character} withStatus disabled={!canEdit} />
        {character.id_venue !== null && overview.watch('id_venue') !== '' && Number(overview.watch('id_venue')) !== character.id_venue ? (
          <p className={styles.muted}>Moving to another venue puts the character back to Pending on that venue's style sheet.</p>
        ) : null}
        {canEdit ? (
          <div className={form.actions}>
            <SubmitButton busy={overview.busy} label="Save" busyLabel="Saving…" />
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** SPEC §5: saving the justification sends only when the text has changed. */
function JustificationSection({ character, canEdit }: { character: Character; canEdit: boolean }) {
  const update = useUpdateCharacter(character.id_character);
  const saved = character.character_concept_description ?? '';
  const justification = useApiForm<CharacterUpdateInput, CharacterUpdate>({
    schema: characterUpdateSchema,
    defaultValues: { id_venue: character.id_venue ?? ('' as unknown as number), character_concept_description: saved },
    submit: (values) =>
      update.mutateAsync({ id_venue: values.id_venue, character_concept_description: values.character_concept_description }),
    success: 'The justification was updated successfully',
    failure: 'Failed to update the justification',
    onSuccess: (values) => justification.reset(values as CharacterUpdateInput),
  });
  const changed =
    justification.watch('character_concept_description') !== justification.formState.defaultValues?.character_concept_description;
  return (
    <section className={styles.panel} aria-labelledby="sheet-heading">
      <h2 id="sheet-heading">Character Sheet Information</h2>
      <form
        onSubmit={(event) => {
          if (!changed) {
            event.preventDefault();
            return;
          }
          void justification.onSubmit(event);
        }}
        noValidate
        aria-label="Character Sheet Information"
      >
        <Field label="Justification" error={justification.formState.errors.character_concept_description?.message}>
          <textarea rows={7} className={styles.textarea} readOnly={!canEdit} {...justification.register('character_concept_description')} />
        </Field>
        {justification.formState.errors.id_venue ? <p role="alert">{justification.formState.errors.id_venue.message}</p> : null}
        {canEdit ? (
          <div className={form.actions}>
            <button
              type="button"
              className={form.secondary}
              disabled={!changed || justification.busy}
              onClick={() => justification.reset()}
            >
              Discard changes
            </button>
            <button type="submit" className={form.primary} disabled={!changed || justification.busy} aria-busy={justification.busy}>
              {justification.busy ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

function ExperienceSection({ character, canLog, canVoid }: { character: Character; canLog: boolean; canVoid: boolean }) {
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
      cell: (r) => <span className={r.is_void ? styles.void : undefined}>{r.xp_description}</span>,
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

function ApplicationsSection({ character, canAdd }: { character: Character; canAdd: boolean }) {
  const approvals = useCharacterApprovals(character.id_character);
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
        total={approvals.data?.rows.length ?? 0}
        page={1}
        pageSize={Math.max(1, approvals.data?.rows.length ?? 0)}
        onPageChange={() => undefined}
        loading={approvals.isFetching}
      />
    </section>
  );
}
