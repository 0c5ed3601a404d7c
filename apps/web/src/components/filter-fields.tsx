// The fields of a list's filters bar: a choice whose empty value means 'Any', and a text filter that applies as
// one types (trimmed). Each applies on change; the caller keeps the value (in the URL, see lib/list-state).
import { useState } from 'react';
import { Field } from './field';

/** A choice: a plain string is its own value and label. */
export type FilterOption = string | { value: string | number; label: string };

export function SelectFilter({
  label,
  value,
  onChange,
  options,
  empty = 'Any',
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  /** The label of the empty choice. */
  empty?: string;
  disabled?: boolean;
}) {
  return (
    <Field label={label}>
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{empty}</option>
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </Field>
  );
}

/** The box shows what is typed; when the filter changes otherwise (Back, Clear filters), it shows the filter. */
export function SearchFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (value !== text.trim()) setText(value);
  }
  return (
    <Field label={label}>
      <input
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim());
        }}
      />
    </Field>
  );
}
