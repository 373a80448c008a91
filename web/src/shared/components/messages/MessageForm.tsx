/**
 * The box to write a message: plain text up to MESSAGE_TEXT_MAX characters,
 * checked with the same schema as the server (domain messageText); Send is
 * kept from double sends while one is on its way.
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MESSAGE_TEXT_MAX, messageText } from '@studio/domain';

/** `onSend` returns null when sent, else the error to show. */
export function MessageForm({ label, onSend }: { label: string; onSend(text: string): Promise<string | null> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = messageText.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid message');
    setError(null);
    setBusy(true);
    const failed = await onSend(parsed.data);
    setBusy(false);
    if (failed) setError(failed);
    else setText('');
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ mt: 2 }}>
      <TextField
        label="Message"
        name="message"
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? `${text.length}/${MESSAGE_TEXT_MAX}`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
        {busy ? 'Sending...' : 'Send'}
      </Button>
    </Box>
  );
}
