// SPEC §5 Add character: name, type, subtype (of that type), virtue, vice and venue required; concept and
// justification optional. The new character waits, Pending, on its venue's style sheet.
import { type CharacterAdd, type CharacterAddInput, characterAddSchema } from '@guildhall/shared/schemas/characters';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { useAddCharacter } from './api';
import { CharacterFields } from './character-fields';

const emptyCharacter = {
  id_venue: '',
  character_name: '',
  id_type: '',
  id_subtype: '',
  character_virtue: '',
  character_vice: '',
  character_concept: '',
  character_concept_description: '',
} as unknown as CharacterAddInput;

export function AddCharacterDialog() {
  const add = useAddCharacter();
  const character = useApiForm<CharacterAddInput, CharacterAdd>({
    schema: characterAddSchema,
    defaultValues: emptyCharacter,
    submit: (values) => add.mutateAsync(values),
    success: 'Character was added successfully',
    failure: 'Failed to add the character',
  });
  return (
    <FormDialog
      title="Add Character"
      submitLabel="Add character"
      busyLabel="Adding…"
      form={character}
      panel
      trigger={
        <button type="button" className={form.primary}>
          Add Character
        </button>
      }
    >
      <CharacterFields methods={character} />
      <Field label="Justification" error={character.formState.errors.character_concept_description?.message}>
        <textarea rows={7} {...character.register('character_concept_description')} />
      </Field>
    </FormDialog>
  );
}
