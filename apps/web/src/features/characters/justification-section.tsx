// Character detail › Character Sheet Information: the justification text, with 'Discard changes' and 'Save changes'.
import {
  type Character,
  type CharacterUpdate,
  type CharacterUpdateInput,
  characterUpdateSchema,
} from '@guildhall/shared/schemas/characters';
import { useEffect, useMemo } from 'react';
import { Field } from '../../components/field';
import { useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useUpdateCharacter } from './api';
import styles from './characters.module.css';

type JustificationInput = Pick<CharacterUpdateInput, 'character_concept_description'>;

/**
 * The form holds only the text; the venue sent (and checked as SPEC §5's Update character requires) is the
 * character's as it is now: the Overview may have moved it since the page opened, and sending the old one
 * would move it back.
 */
const justificationSchema = (venue: number | null) =>
  characterUpdateSchema
    .pick({ character_concept_description: true })
    .transform((values): CharacterUpdateInput => ({ ...values, id_venue: venue ?? '' }))
    .pipe(characterUpdateSchema);

/** SPEC §5: saving the justification sends only when the text has changed. */
export function JustificationSection({ character, canEdit }: { character: Character; canEdit: boolean }) {
  const update = useUpdateCharacter(character.id_character);
  const schema = useMemo(() => justificationSchema(character.id_venue), [character.id_venue]);
  const justification = useApiForm<JustificationInput, CharacterUpdate>({
    schema,
    defaultValues: { character_concept_description: character.character_concept_description ?? '' },
    submit: (values) =>
      update.mutateAsync({ id_venue: values.id_venue, character_concept_description: values.character_concept_description }),
    success: 'The justification was updated successfully',
    failure: 'Failed to update the justification',
    onSuccess: (values) => justification.reset({ character_concept_description: values.character_concept_description }),
  });
  const { clearErrors } = justification;
  useEffect(() => {
    // A venue chosen in the Overview answers the 'venue is a required field' shown before.
    if (character.id_venue !== null) clearErrors('id_venue' as never);
  }, [character.id_venue, clearErrors]);
  const venueError = (justification.formState.errors as { id_venue?: { message?: string } }).id_venue;
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
        {venueError ? <p role="alert">{venueError.message}</p> : null}
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
