/** The client's email field of the project lookup (spec §2 "Access Your Project"), shared by the dialog and the page. */
import TextField from '@mui/material/TextField';

export function ClientEmailField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange(email: string): void;
  error: string | null | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      autoFocus={autoFocus}
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
    />
  );
}
