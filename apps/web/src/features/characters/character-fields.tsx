// The fields of a character (SPEC §5 Add character; the Overview edit form): name, type, subtype limited to the
// type, virtue, vice, venue, concept. One component for both forms, so their rules cannot drift apart.
import { CHARACTER_STATUSES, VICES, VIRTUES } from '@guildhall/shared/constants';
import { useEffect } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/field';
import form from '../../components/form.module.css';
import { useAuth } from '../../lib/auth';
import { useCharacterSubtypes, useCharacterTypes, useVenuesOfDomain } from './api';

/** The shape both forms share while being edited (selects hold strings until the schema coerces them). */
export interface CharacterFieldValues {
  character_name?: string;
  id_type?: number | string;
  id_subtype?: number | string;
  character_virtue?: string;
  character_vice?: string;
  id_venue: number | string;
  character_concept?: string | null;
  character_status?: string;
}

export function CharacterFields({
  methods,
  currentVenue,
  withStatus = false,
  disabled = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: both forms' value types fit these fields
  methods: UseFormReturn<any, unknown, any>;
  /** The character's venue now, offered even when it is not in the member's domain. */
  currentVenue?: { id_venue: number | null; venue_name: string | null } | null;
  withStatus?: boolean;
  disabled?: boolean;
}) {
  const { user } = useAuth();
  const { register, watch, setValue } = methods;
  const errors = methods.formState.errors as FieldErrors<CharacterFieldValues>;
  const typeId = Number(watch('id_type')) || null;
  const types = useCharacterTypes();
  const subtypes = useCharacterSubtypes(typeId);
  const venues = useVenuesOfDomain(user?.id_location);
  const venueChoices = [...(venues.data ?? [])];
  if (currentVenue?.id_venue && !venueChoices.some((v) => v.id_venue === currentVenue.id_venue)) {
    venueChoices.unshift({
      id_venue: currentVenue.id_venue,
      venue_name: currentVenue.venue_name ?? `Venue ${currentVenue.id_venue}`,
      venue_type: '',
      id_user_st: null,
      storyteller_name: null,
    });
  }
  const typeField = register('id_type');
  // A select shows its value only once its options exist: put the form's values back when choices arrive.
  const { getValues } = methods;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run exactly when a list of choices arrives
  useEffect(() => {
    for (const name of ['id_type', 'id_subtype', 'id_venue'] as const) {
      const value = getValues(name);
      if (value !== undefined) setValue(name, value, { shouldDirty: false });
    }
  }, [types.data, subtypes.data, venues.data]);

  return (
    <fieldset className={form.grid} disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <Field label="Name" error={errors.character_name?.message}>
        <input autoComplete="off" {...register('character_name')} />
      </Field>
      <Field label="Venue" error={errors.id_venue?.message}>
        <select {...register('id_venue')}>
          <option value="">{venues.isPending && user?.id_location ? 'Loading…' : 'Choose a venue'}</option>
          {venueChoices.map((v) => (
            <option key={v.id_venue} value={v.id_venue}>
              {v.venue_type ? `${v.venue_name} (${v.venue_type})` : v.venue_name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Type" error={errors.id_type?.message}>
        <select
          {...typeField}
          onChange={(event) => {
            void typeField.onChange(event);
            // A subtype belongs to one type: a new type asks for its subtype again.
            setValue('id_subtype', '');
          }}
        >
          <option value="">Choose a type</option>
          {(types.data ?? []).map((t) => (
            <option key={t.id_type} value={t.id_type}>
              {t.type_name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Subtype" error={errors.id_subtype?.message}>
        <select {...register('id_subtype')} disabled={disabled || !typeId}>
          <option value="">{typeId ? 'Choose a subtype' : 'Choose a type first'}</option>
          {(subtypes.data ?? []).map((s) => (
            <option key={s.id_subtype} value={s.id_subtype}>
              {s.subtype_name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Virtue" error={errors.character_virtue?.message}>
        <select {...register('character_virtue')}>
          <option value="">Choose a virtue</option>
          {VIRTUES.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </Field>
      <Field label="Vice" error={errors.character_vice?.message}>
        <select {...register('character_vice')}>
          <option value="">Choose a vice</option>
          {VICES.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </Field>
      <Field label="Concept" error={errors.character_concept?.message}>
        <input autoComplete="off" {...register('character_concept')} />
      </Field>
      {withStatus ? (
        <Field label="Active" error={errors.character_status?.message}>
          <select {...register('character_status')}>
            {CHARACTER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
      ) : null}
    </fieldset>
  );
}
