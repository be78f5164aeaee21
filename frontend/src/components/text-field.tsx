import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-describedby'
> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** A line under the input that screen readers read with it. */
  hint?: ReactNode;
}

/** The one shape of a form field: a label tied to its input, and an optional hint under it. */
export function TextField({ label, value, onValueChange, hint, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange'
> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
}

/** TextField's shape for a few lines of text: a note, a reason. */
export function TextAreaField({ label, value, onValueChange, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea {...textarea} id={id} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </div>
  );
}
