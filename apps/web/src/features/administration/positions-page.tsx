// Issue 13: Administration › Positions — who holds which post where (DESIGN §5 types); add a post, assign or
// reassign it (open applications it approves move to the new holder), end a holding; each post's history.
import { POSITION_TYPE_CODES, POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import {
  type PositionAdd,
  type PositionAddInput,
  type PositionRow,
  POSITIONS_SORTABLE,
  positionAddSchema,
} from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Column } from '../../components/data-table';
import { FilteredList } from '../../components/filtered-list';
import { Field } from '../../components/field';
import { SearchFilter, SelectFilter } from '../../components/filter-fields';
import { FormDialog, useApiForm } from '../../components/form-kit';
import { DialogClose, SimpleDialog } from '../../components/simple-dialog';
import form from '../../components/form.module.css';
import styles from '../../components/member-list.module.css';
import { formatDate } from '../../lib/format';
import { useListState } from '../../lib/list-state';
import { useMembersInReach } from '../../lib/queries';
import { useAddPosition, useAssignPosition, useEndPosition, usePositionHistory, usePositions } from './api';
import { DomainSelect } from './domain-select';

const FILTERS = ['locationId', 'posType', 'holder', 'vacant'] as const;
const HELD = [
  { value: 'no', label: 'Held' },
  { value: 'yes', label: 'Vacant' },
];

const columns: Column<PositionRow>[] = [
  { key: 'location', header: 'Location', sortKey: 'location_name', cell: (p) => `${p.domain_code} · ${p.location_name}` },
  { key: 'type', header: 'Type', sortKey: 'pos_type', cell: (p) => p.pos_type },
  { key: 'title', header: 'Title', sortKey: 'pos_title', cell: (p) => `${p.pos_title}${p.venue_name ? ` · ${p.venue_name}` : ''}` },
  { key: 'holder', header: 'Holder', cell: (p) => (p.holder ? `${p.holder.name} (${p.holder.user_camnum})` : 'Vacant') },
  { key: 'since', header: 'Since', sortKey: 'held_since', cell: (p) => formatDate(p.held_since) },
];

export function PositionsPage() {
  const list = useListState({ defaultSort: { sortBy: 'location_name', direction: 'asc' }, sortable: POSITIONS_SORTABLE, filters: FILTERS });
  const positions = usePositions(list.query);
  const end = useEndPosition();
  const [assigning, setAssigning] = useState<PositionRow | null>(null);
  const [ending, setEnding] = useState<PositionRow | null>(null);
  const [history, setHistory] = useState<PositionRow | null>(null);
  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{positions.data ? `${positions.data.count} positions` : 'Loading…'}</p>
        <AddPositionDialog />
      </div>
      <FilteredList
        list={list}
        result={positions}
        filtersLabel="Position filters"
        filters={
          <>
            <Field label="Location">
              <DomainSelect
                placeholder="Any"
                value={list.filters.locationId}
                onChange={(e) => list.setFilters({ locationId: e.target.value })}
              />
            </Field>
            <SelectFilter
              label="Type"
              value={list.filters.posType}
              onChange={(posType) => list.setFilters({ posType })}
              options={POSITION_TYPE_CODES.map((t) => ({ value: t, label: `${t} · ${POSITION_TYPES[t].title}` }))}
            />
            <SearchFilter label="Holder" value={list.filters.holder} onChange={(holder) => list.setFilters({ holder }, { typed: true })} />
            <SelectFilter label="Held" value={list.filters.vacant} onChange={(vacant) => list.setFilters({ vacant })} options={HELD} />
          </>
        }
        caption="Positions"
        columns={columns}
        rowKey={(p) => p.id_position}
        rowActions={(p) => [
          {
            label: p.holder ? 'Reassign' : 'Assign',
            accessibleLabel: `${p.holder ? 'Reassign' : 'Assign'} ${p.pos_title} of ${p.location_name}`,
            onClick: () => setAssigning(p),
          },
          ...(p.holder
            ? [
                {
                  label: 'End',
                  accessibleLabel: `End ${p.holder.name}'s holding of ${p.pos_title}`,
                  danger: true,
                  onClick: () => setEnding(p),
                },
              ]
            : []),
          { label: 'History', accessibleLabel: `History of ${p.pos_title} of ${p.location_name}`, onClick: () => setHistory(p) },
        ]}
      />
      {assigning ? <AssignDialog position={assigning} onClose={() => setAssigning(null)} /> : null}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title="End this holding?"
        description={
          ending?.holder
            ? `${ending.holder.name} no longer holds ${ending.pos_title} of ${ending.location_name}. The post stays, vacant, and the holding is kept in its history.`
            : ''
        }
        confirmLabel="End"
        busy={end.isPending}
        onConfirm={() =>
          ending &&
          end.mutate(ending.id_position, {
            onSuccess: () => {
              toast.success('The holding was ended');
              setEnding(null);
            },
            onError: (error) => toast.error(error.message || 'Failed to end the holding'),
          })
        }
      />
      <HistoryDialog position={history} onClose={() => setHistory(null)} />
    </div>
  );
}

/** Finds an active member by name or membership number (administrators see every member). */
function MemberChoice({ value, onChange, error }: { value: number | null; onChange: (id: number | null) => void; error?: string }) {
  const [term, setTerm] = useState('');
  const matches = useMembersInReach({ name: term.trim(), count: 10, sortBy: 'user_lname', direction: 'asc' }, term.trim().length >= 2);
  const rows = (matches.data?.rows ?? []).filter((m) => !m.is_disabled);
  return (
    <>
      <Field label="Find a member" hint="Type at least two letters of a name or a membership number">
        <input type="search" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      </Field>
      <Field label="Member" error={error}>
        <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{term.trim().length < 2 ? 'Search first' : rows.length ? 'Choose a member' : 'No result'}</option>
          {rows.map((m) => (
            <option key={m.id_user} value={m.id_user}>
              {m.user_fname} {m.user_lname} · {m.user_camnum}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

function AssignDialog({ position, onClose }: { position: PositionRow; onClose: () => void }) {
  const assign = useAssignPosition();
  const [id_user, setUser] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!id_user) return setError('holder is a required field');
    assign.mutate(
      { id_position: position.id_position, id_user },
      {
        onSuccess: ({ moved }) => {
          toast.success(
            moved.length
              ? `The position was assigned; ${moved.length} open application(s) moved to the new holder`
              : 'The position was assigned successfully',
          );
          onClose();
        },
        onError: (e) => {
          setError(e.message);
          toast.error('Failed to assign the position');
        },
      },
    );
  };
  return (
    <SimpleDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${position.holder ? 'Reassign' : 'Assign'} ${position.pos_title}`}
      description={`${position.domain_code} · ${position.location_name}${position.holder ? ` — held by ${position.holder.name} since ${formatDate(position.held_since)}` : ' — vacant'}`}
    >
      <form onSubmit={submit} noValidate aria-label="Assign the position">
        <MemberChoice value={id_user} onChange={setUser} error={error} />
        <div className={form.actions}>
          <DialogClose asChild>
            <button type="button" className={form.secondary}>
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className={form.primary} disabled={assign.isPending} aria-busy={assign.isPending}>
            {assign.isPending ? 'Assigning…' : 'Assign'}
          </button>
        </div>
      </form>
    </SimpleDialog>
  );
}

const emptyPosition = { id_location: '', pos_type: 'DST', pos_title: '', id_venue: '' } as unknown as PositionAddInput;

function AddPositionDialog() {
  const add = useAddPosition();
  const methods = useApiForm<PositionAddInput, PositionAdd>({
    schema: positionAddSchema,
    defaultValues: emptyPosition,
    submit: (values) => add.mutateAsync(values),
    success: 'The position was added successfully',
    failure: 'Failed to add the position',
  });
  const errors = methods.formState.errors;
  const type = methods.watch('pos_type') as PositionType;
  return (
    <FormDialog
      title="Add position"
      description="A new post at a location, vacant until it is assigned."
      submitLabel="Add position"
      busyLabel="Adding…"
      form={methods}
      trigger={
        <button type="button" className={form.primary}>
          Add position
        </button>
      }
    >
      <Field label="Location" error={errors.id_location?.message}>
        <DomainSelect {...methods.register('id_location')} />
      </Field>
      <Field label="Type" error={errors.pos_type?.message}>
        <select {...methods.register('pos_type')}>
          {POSITION_TYPE_CODES.filter((t) => t !== 'VST').map((t) => (
            <option key={t} value={t}>
              {t} · {POSITION_TYPES[t].title}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Title" hint={`Leave empty for “${POSITION_TYPES[type]?.title ?? ''}”`} error={errors.pos_title?.message}>
        <input autoComplete="off" {...methods.register('pos_title')} />
      </Field>
    </FormDialog>
  );
}

function HistoryDialog({ position, onClose }: { position: PositionRow | null; onClose: () => void }) {
  const history = usePositionHistory(position?.id_position ?? null);
  return (
    <SimpleDialog
      open={position !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`History of ${position?.pos_title ?? ''}`}
      description={`${position?.domain_code ?? ''} · ${position?.location_name ?? ''}`}
    >
      {history.isError ? <p role="alert">{history.error.message}</p> : null}
      {history.data?.length === 0 ? <p>No holdings recorded since positions were first kept with dates.</p> : null}
      <ul>
        {(history.data ?? []).map((h) => (
          <li key={h.id}>
            {h.name ?? 'A former member'} {h.user_camnum ? `(${h.user_camnum})` : ''}: {formatDate(h.started_at)} –{' '}
            {h.ended_at ? formatDate(h.ended_at) : 'now'}
          </li>
        ))}
      </ul>
      <div className={form.actions}>
        <DialogClose asChild>
          <button type="button" className={form.primary}>
            Close
          </button>
        </DialogClose>
      </div>
    </SimpleDialog>
  );
}
