import { useId } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
}

/** One choice among a few, as radio buttons under a legend (a report's reason, a yes / no / unknown). */
export function RadioFieldset<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (next: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="field--checkbox">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
