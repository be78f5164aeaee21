import { useState } from 'react';
import { TextField } from '../../../components/text-field';

export const MIN_PASSWORD_LENGTH = 8;

/** What is wrong with a new password typed twice, or null: long enough, and the same both times. */
export function newPasswordProblem(password: string, repeated: string, mismatch: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (password !== repeated) return mismatch;
  return null;
}

interface NewPasswordState {
  password: string;
  repeated: string;
  onPasswordChange: (value: string) => void;
  onRepeatedChange: (value: string) => void;
}

/** The state of NewPasswordFields: what was typed, and the fields' props to spread. */
export function useNewPassword(): { password: string; repeated: string; fields: NewPasswordState } {
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  return {
    password,
    repeated,
    fields: { password, repeated, onPasswordChange: setPassword, onRepeatedChange: setRepeated },
  };
}

/** A new password and its repetition, as the reset link's page and the profile ask for them. */
export function NewPasswordFields({
  password,
  repeated,
  onPasswordChange,
  onRepeatedChange,
  repeatLabel,
  names,
}: NewPasswordState & {
  repeatLabel: string;
  /** The inputs' names, the new one's and the repetition's. */
  names: readonly [string, string];
}) {
  return (
    <>
      <TextField
        label="Contraseña nueva"
        name={names[0]}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onValueChange={onPasswordChange}
        hint={`Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
      />
      <TextField
        label={repeatLabel}
        name={names[1]}
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onValueChange={onRepeatedChange}
      />
    </>
  );
}
