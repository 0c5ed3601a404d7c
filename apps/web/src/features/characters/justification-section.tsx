// Character detail › Character Sheet Information: the justification text, with 'Discard changes' and 'Save changes'.
import {
  type Character,
  type CharacterUpdate,
  type CharacterUpdateInput,
  characterUpdateSchema,
} from '@guildhall/shared/schemas/characters';
import { Field } from '../../components/field';
import { useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useUpdateCharacter } from './api';
import styles from './characters.module.css';

/** SPEC §5: saving the justification sends only when the text has changed. */
export function JustificationSection({ character, canEdit }: { character: Character; canEdit: boolean }) {
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
