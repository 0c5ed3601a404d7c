// SPEC §2 Add/Update VSS panel (a FormDialog): venue type, name and style text, all required (SPEC §5). A new
// sheet takes its domain and storyteller from the caller on the server; updating sends the three fields.
import { type VenueForm, type VenueFormInput, venueFormSchema } from '@guildhall/shared/schemas/venues';
import type { ReactNode } from 'react';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import { useVenueTypes } from '../../lib/queries';
import { useAddVenue, useUpdateVenue } from './api';
import styles from './storyteller.module.css';

const emptyVenue = { id_venue_type: '', venue_name: '', venue_style: '' } as unknown as VenueFormInput;

export function VssFormDialog({
  venue,
  trigger,
  open,
  onOpenChange,
  onAdded,
}: {
  /** The sheet to update; absent to add one. */
  venue?: { id_venue: number } & VenueForm;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onAdded?: (id_venue: number) => void;
}) {
  const add = useAddVenue();
  const update = useUpdateVenue();
  const types = useVenueTypes();
  const methods = useApiForm<VenueFormInput, VenueForm>({
    schema: venueFormSchema,
    defaultValues: venue
      ? { id_venue_type: venue.id_venue_type, venue_name: venue.venue_name, venue_style: venue.venue_style }
      : emptyVenue,
    submit: async (values) => {
      if (venue) await update.mutateAsync({ id: venue.id_venue, input: values });
      else onAdded?.((await add.mutateAsync(values)).id_venue);
    },
    success: venue ? 'The venue was updated successfully' : 'The VSS was added successfully',
    // SPEC §8 keeps 'Failed to add the venue' for a failed update.
    failure: venue ? 'Failed to add the venue' : 'Failed to add the VSS',
  });
  const { errors } = methods.formState;
  return (
    <FormDialog
      title={venue ? 'Update VSS' : 'Add VSS'}
      submitLabel={venue ? 'Update VSS' : 'Add VSS'}
      busyLabel="Saving…"
      form={methods}
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
    >
      <div className={styles.dialogBody}>
        <Field label="Venue type" error={errors.id_venue_type?.message}>
          <select {...methods.register('id_venue_type')}>
            <option value="">Choose a venue type</option>
            {(types.data ?? []).map((t) => (
              <option key={t.id_venue_type} value={t.id_venue_type}>
                {t.venue_type}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name" error={errors.venue_name?.message}>
          <input autoComplete="off" {...methods.register('venue_name')} />
        </Field>
        <Field label="Style text" error={errors.venue_style?.message}>
          <textarea rows={7} {...methods.register('venue_style')} />
        </Field>
      </div>
    </FormDialog>
  );
}
