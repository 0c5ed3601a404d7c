// Administration › Locations and lists: the subtypes of one character type, chosen above the table; a new subtype
// goes under that type.
import { characterSubtypeSaveSchema } from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { Field } from '../../components/field';
import { useCharacterSubtypes } from '../../lib/queries';
import { useCharacterTypeRows } from './character-types-section';
import { NamedListSection } from './named-list-section';

export function CharacterSubtypesSection() {
  const typeRows = useCharacterTypeRows();
  const [typeId, setTypeId] = useState<number | null>(null);
  const subtypes = useCharacterSubtypes(typeId);
  return (
    <NamedListSection
      title="Character subtypes"
      list="character-subtypes"
      field="subtype_name"
      label="Subtype"
      schema={characterSubtypeSaveSchema}
      extra={{ id_parent_type: typeId ?? '' }}
      rows={typeId ? (subtypes.data ?? []).map((s) => ({ id: s.id_subtype, name: s.subtype_name })) : []}
      filter={
        <Field label="Subtypes of">
          <select value={typeId ?? ''} onChange={(e) => setTypeId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">Choose a type</option>
            {typeRows.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
      }
    />
  );
}
