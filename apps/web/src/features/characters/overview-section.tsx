// Character detail › Overview: the character's edit form (read-only without the 'edit' ability).
import {
  type Character,
  type CharacterUpdate,
  type CharacterUpdateInput,
  characterUpdateSchema,
} from '@guildhall/shared/schemas/characters';
import { useEffect } from 'react';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useUpdateCharacter } from './api';
import { CharacterFields } from './character-fields';
import styles from './characters.module.css';

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

export function OverviewSection({ character, canEdit, focusEdit }: { character: Character; canEdit: boolean; focusEdit: boolean }) {
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
