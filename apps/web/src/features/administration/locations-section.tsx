// Administration › Locations and lists: regions and domains (name, code unique among siblings, parent), with a
// filter and pages of ten; the level follows from the parent.
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import { type LocationAdd, type LocationAddInput, locationAddSchema } from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { type Domain, useDomains } from '../../lib/queries';
import { useSaveLocation } from './api';
import { ListSection } from './list-section';

const LEVEL: Record<number, string> = {
  [LOCATION_TYPE.ROOT]: 'Society',
  [LOCATION_TYPE.REGION]: 'Region',
  [LOCATION_TYPE.US_REGION]: 'US region',
  [LOCATION_TYPE.DOMAIN]: 'Domain',
  [LOCATION_TYPE.SUB_DOMAIN]: 'Sub-domain',
};
const PAGE = 10;

export function LocationsSection() {
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
    <ListSection
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
    </ListSection>
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
