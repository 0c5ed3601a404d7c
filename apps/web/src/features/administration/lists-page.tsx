// Issue 13: Administration › Locations and lists — regions and domains (name, code unique among siblings,
// parent), venue types, character types and their subtypes, and the member-class ladder.
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import {
  characterSubtypeSaveSchema,
  characterTypeSaveSchema,
  type LocationAdd,
  type LocationAddInput,
  locationAddSchema,
  type McLevelSave,
  type McLevelSaveInput,
  mcLevelSchema,
  venueTypeSaveSchema,
} from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import type { z } from 'zod';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import styles from '../../components/member-list.module.css';
import { type Domain, useCharacterSubtypes, useCharacterTypes, useDomains, useVenueTypes } from '../../lib/queries';
import { type NamedList, useMcLevels, useSaveListItem, useSaveLocation, useSaveMcLevel } from './api';

const LEVEL: Record<number, string> = {
  [LOCATION_TYPE.ROOT]: 'Society',
  [LOCATION_TYPE.REGION]: 'Region',
  [LOCATION_TYPE.US_REGION]: 'US region',
  [LOCATION_TYPE.DOMAIN]: 'Domain',
  [LOCATION_TYPE.SUB_DOMAIN]: 'Sub-domain',
};
const PAGE = 10;

export function ListsPage() {
  return (
    <div className={styles.stack}>
      <LocationsSection />
      <NamedListSection
        title="Venue types"
        list="venue-types"
        field="venue_type"
        label="Venue type"
        schema={venueTypeSaveSchema}
        rows={(useVenueTypes().data ?? []).map((v) => ({ id: v.id_venue_type, name: v.venue_type }))}
      />
      <CharacterTypesSection />
      <LadderSection />
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function LocationsSection() {
  const domains = useDomains();
  const all = domains.data ?? [];
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Domain | 'new' | null>(null);
  const byId = new Map(all.map((d) => [d.id_location, d]));
  const term = filter.trim().toLowerCase();
  const shown = all
    .filter((d) => d.location_type !== LOCATION_TYPE.ROOT)
    .filter((d) => !term || d.location_name.toLowerCase().includes(term) || d.domain_code.toLowerCase().includes(term))
    .sort((a, b) => a.domain_code.localeCompare(b.domain_code));
  const parentOf = (d: Domain) => {
    const ids = (d.id_parent_location ?? '').split(',').filter(Boolean);
    return byId.get(Number(ids.at(-1)));
  };
  const columns: Column<Domain>[] = [
    { key: 'code', header: 'Code', cell: (d) => d.domain_code },
    { key: 'name', header: 'Name', cell: (d) => d.location_name },
    { key: 'level', header: 'Level', cell: (d) => LEVEL[d.location_type] ?? d.location_type },
    { key: 'parent', header: 'Parent', cell: (d) => parentOf(d)?.location_name ?? '—' },
  ];
  return (
    <Section
      title="Regions and domains"
      action={
        <button type="button" className={form.primary} onClick={() => setEditing('new')}>
          Add location
        </button>
      }
    >
      <Field label="Filter locations">
        <input
          type="search"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
        />
      </Field>
      {domains.isError ? <p role="alert">{domains.error.message}</p> : null}
      <DataTable
        caption="Regions and domains"
        columns={columns}
        rows={shown.slice((page - 1) * PAGE, page * PAGE)}
        rowKey={(d) => d.id_location}
        total={shown.length}
        page={page}
        pageSize={PAGE}
        onPageChange={setPage}
        loading={domains.isFetching}
        rowActions={(d) => [{ label: 'Edit', accessibleLabel: `Edit ${d.location_name}`, onClick: () => setEditing(d) }]}
      />
      {editing ? (
        <LocationDialog
          location={editing === 'new' ? null : editing}
          parent={editing === 'new' ? undefined : parentOf(editing)}
          all={all}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}

function LocationDialog({
  location,
  parent,
  all,
  onClose,
}: {
  location: Domain | null;
  parent?: Domain;
  all: Domain[];
  onClose: () => void;
}) {
  const save = useSaveLocation();
  const methods = useApiForm<LocationAddInput, LocationAdd>({
    schema: locationAddSchema,
    defaultValues: {
      location_name: location?.location_name ?? '',
      location_code: location?.location_code ?? '',
      id_parent: (parent?.id_location ?? '') as number,
    },
    submit: (values) => save.mutateAsync({ id: location?.id_location ?? null, ...values }),
    success: location ? 'The location was updated successfully' : 'The location was added successfully',
    failure: location ? 'Failed to update the location' : 'Failed to add the location',
  });
  const errors = methods.formState.errors;
  const parents = all
    .filter((d) => d.location_type < LOCATION_TYPE.SUB_DOMAIN && d.id_location !== location?.id_location)
    .sort((a, b) => a.domain_code.localeCompare(b.domain_code));
  return (
    <FormDialog
      title={location ? `Edit ${location.location_name}` : 'Add location'}
      description="The code is unique among the locations under the same parent; the level follows from the parent."
      open
      onOpenChange={(open) => !open && onClose()}
      form={methods}
      submitLabel={location ? 'Save changes' : 'Add location'}
      busyLabel="Saving…"
    >
      <Field label="Name" error={errors.location_name?.message}>
        <input autoComplete="off" {...methods.register('location_name')} />
      </Field>
      <Field label="Code" error={errors.location_code?.message}>
        <input autoComplete="off" {...methods.register('location_code')} />
      </Field>
      <Field label="Parent" error={errors.id_parent?.message}>
        <select {...methods.register('id_parent')}>
          <option value="">Choose a parent</option>
          {parents.map((d) => (
            <option key={d.id_location} value={d.id_location}>
              {d.domain_code || d.location_code} · {d.location_name} ({LEVEL[d.location_type]})
            </option>
          ))}
        </select>
      </Field>
    </FormDialog>
  );
}

interface NamedRow {
  id: number;
  name: string;
}

function NamedListSection({
  title,
  list,
  field,
  label,
  schema,
  rows,
  extra = {},
  filter,
}: {
  title: string;
  list: NamedList;
  field: string;
  label: string;
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  rows: NamedRow[];
  extra?: Record<string, unknown>;
  filter?: React.ReactNode;
}) {
  const [editing, setEditing] = useState<NamedRow | 'new' | null>(null);
  const columns: Column<NamedRow>[] = [{ key: 'name', header: label, cell: (r) => r.name }];
  return (
    <Section
      title={title}
      action={
        <button type="button" className={form.primary} onClick={() => setEditing('new')}>
          Add {label.toLowerCase()}
        </button>
      }
    >
      {filter}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPageChange={() => undefined}
        rowActions={(r) => [{ label: 'Rename', accessibleLabel: `Rename ${r.name}`, onClick: () => setEditing(r) }]}
      />
      {editing ? (
        <NameDialog
          list={list}
          field={field}
          label={label}
          schema={schema}
          extra={extra}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}

function NameDialog(props: {
  list: NamedList;
  field: string;
  label: string;
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  extra: Record<string, unknown>;
  row: NamedRow | null;
  onClose: () => void;
}) {
  const save = useSaveListItem(props.list);
  const methods = useApiForm<Record<string, unknown>, Record<string, unknown>>({
    schema: props.schema,
    defaultValues: { [props.field]: props.row?.name ?? '', ...props.extra },
    submit: (values) => save.mutateAsync({ id: props.row?.id ?? null, ...values }),
    success: props.row ? 'The name was changed successfully' : 'The entry was added successfully',
    failure: props.row ? 'Failed to change the name' : 'Failed to add the entry',
  });
  return (
    <FormDialog
      title={props.row ? `Rename ${props.row.name}` : `Add ${props.label.toLowerCase()}`}
      open
      onOpenChange={(open) => !open && props.onClose()}
      form={methods}
      submitLabel={props.row ? 'Save changes' : 'Add'}
      busyLabel="Saving…"
    >
      <Field label={props.label} error={methods.formState.errors[props.field]?.message as string | undefined}>
        <input autoComplete="off" {...methods.register(props.field)} />
      </Field>
    </FormDialog>
  );
}

function CharacterTypesSection() {
  const types = useCharacterTypes();
  const [typeId, setTypeId] = useState<number | null>(null);
  const subtypes = useCharacterSubtypes(typeId);
  const typeRows = (types.data ?? []).map((t) => ({ id: t.id_type, name: t.type_name }));
  return (
    <>
      <NamedListSection
        title="Character types"
        list="character-types"
        field="type_name"
        label="Type"
        schema={characterTypeSaveSchema}
        rows={typeRows}
      />
      <NamedListSection
        title="Character subtypes"
        list="character-subtypes"
        field="subtype_name"
        label="Subtype"
        schema={characterSubtypeSaveSchema}
        extra={{ id_parent_type: typeId ?? '' }}
        rows={typeId ? (subtypes.data ?? []).map((s) => ({ id: s.id_subtype, name: s.subtype_name })) : []}
        filter={
          <Field label="Subtypes of">
            <select value={typeId ?? ''} onChange={(e) => setTypeId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Choose a type</option>
              {typeRows.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
        }
      />
    </>
  );
}

function LadderSection() {
  const ladder = useMcLevels();
  const rows = ladder.data ?? [];
  const [editing, setEditing] = useState<McLevelSave | null>(null);
  const columns: Column<McLevelSave>[] = [
    { key: 'mc', header: 'MC', numeric: true, cell: (r) => r.mc },
    { key: 'g', header: 'General', numeric: true, cell: (r) => r.general_required },
    { key: 'r', header: 'Regional', numeric: true, cell: (r) => r.regional_required },
    { key: 'n', header: 'National', numeric: true, cell: (r) => r.national_required },
  ];
  const top = rows.at(-1);
  return (
    <Section
      title="Member-class ladder"
      action={
        <button
          type="button"
          className={form.primary}
          onClick={() =>
            setEditing({
              mc: (top?.mc ?? 0) + 1,
              general_required: top?.general_required ?? 0,
              regional_required: top?.regional_required ?? 0,
              national_required: top?.national_required ?? 0,
            })
          }
        >
          Add class
        </button>
      }
    >
      {ladder.isError ? <p role="alert">{ladder.error.message}</p> : null}
      <DataTable
        caption="Member-class ladder (points needed in total)"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.mc}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPageChange={() => undefined}
        loading={ladder.isFetching}
        rowActions={(r) => [{ label: 'Edit', accessibleLabel: `Edit MC ${r.mc}`, onClick: () => setEditing(r) }]}
      />
      {editing ? <LadderDialog rung={editing} onClose={() => setEditing(null)} /> : null}
    </Section>
  );
}

function LadderDialog({ rung, onClose }: { rung: McLevelSave; onClose: () => void }) {
  const save = useSaveMcLevel();
  const methods = useApiForm<McLevelSaveInput, McLevelSave>({
    schema: mcLevelSchema,
    defaultValues: rung,
    submit: (values) => save.mutateAsync(values),
    success: 'The member class was saved successfully',
    failure: 'Failed to save the member class',
  });
  const errors = methods.formState.errors;
  return (
    <FormDialog
      title={`MC ${rung.mc}`}
      description="Points needed in total; a higher class never needs fewer than the one below."
      open
      onOpenChange={(open) => !open && onClose()}
      form={methods}
      submitLabel="Save"
      busyLabel="Saving…"
    >
      <div className={form.grid}>
        <Field label="General" error={errors.general_required?.message}>
          <input type="number" min={0} {...methods.register('general_required')} />
        </Field>
        <Field label="Regional" error={errors.regional_required?.message}>
          <input type="number" min={0} {...methods.register('regional_required')} />
        </Field>
        <Field label="National" error={errors.national_required?.message}>
          <input type="number" min={0} {...methods.register('national_required')} />
        </Field>
      </div>
    </FormDialog>
  );
}
