// Administration › Locations and lists: the member-class ladder, the points each MC needs in total.
import { type McLevelSave, type McLevelSaveInput, mcLevelSchema } from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useMcLevels, useSaveMcLevel } from './api';
import { ListSection } from './list-section';

export function MemberClassLadderSection() {
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
    <ListSection
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
    </ListSection>
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
