import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/** TextField's shape for a choice from a list: a label tied to its select. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  anyLabel,
  inline = false,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** A first option with no value ('Todos'), for a filter that may be off. */
  anyLabel?: string;
  /** Label and select on one line, as a list's filters sit. */
  inline?: boolean;
}) {
  const id = useId();
  return (
    <div className={inline ? 'field field--inline' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onValueChange(event.target.value)}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
