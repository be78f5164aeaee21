import { TextField } from '../../../components/text-field';

/** The page address an operator pastes into an admin form (news, review source, feed). */
export function UrlField({
  value,
  onValueChange,
  label = 'URL',
  placeholder = 'https://...',
}: {
  value: string;
  onValueChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  return (
    <TextField
      label={label}
      type="url"
      required
      placeholder={placeholder}
      value={value}
      onValueChange={onValueChange}
    />
  );
}
