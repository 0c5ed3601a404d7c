// Administration › Locations and lists: the character types.
import { characterTypeSaveSchema } from '@guildhall/shared/schemas/administration';
import { useCharacterTypes } from '../../lib/queries';
import { NamedListSection } from './named-list-section';

/** The character types as rows of a named list (the subtypes section offers them as its filter). */
export function useCharacterTypeRows() {
  return (useCharacterTypes().data ?? []).map((t) => ({ id: t.id_type, name: t.type_name }));
}

export function CharacterTypesSection() {
  return (
    <NamedListSection
      title="Character types"
      list="character-types"
      field="type_name"
      label="Type"
      schema={characterTypeSaveSchema}
      rows={useCharacterTypeRows()}
    />
  );
}
