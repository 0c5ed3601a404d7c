// A list of names in Administration › Locations and lists (venue types, character types, subtypes): the table
// with 'Rename' on each row, and 'Add …' beside the heading.
import { useState } from 'react';
import type { z } from 'zod';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { type NamedList, useSaveListItem } from './api';
import { ListSection } from './list-section';

interface NamedRow {
  id: number;
  name: string;
}

export function NamedListSection({
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
    <ListSection
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
    </ListSection>
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
