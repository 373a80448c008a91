/**
 * The public verify page (`/verify` and `/verify/<document id>`): anyone holding
 * a signed proposal's PDF checks that it is the one on record. The page
 * hashes the chosen PDF in the browser (SHA-256, Web Crypto; the file never
 * leaves the device) or takes a pasted hash, and asks
 * `POST /api/quote-acceptance/verify/{id} {sha256}` whether it is that
 * proposal's signed or countersigned PDF. A form: Tab through it, Enter
 * verifies; the result is announced (role status / alert).
 */
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { proposalVerifiedReply, VERIFY_MESSAGES, verifyOutcome, type VerifyOutcome } from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';

/** SHA-256 of `file`, lower-case hex. */
async function fileSha256(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type Result = { kind: 'outcome'; outcome: VerifyOutcome } | { kind: 'error'; message: string };

export function VerifyPage() {
  const params = useParams();
  const [documentId, setDocumentId] = useState(params.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = documentId.trim();
    const hash = pasted.trim().toLowerCase();
    if (!id) return setResult({ kind: 'error', message: VERIFY_MESSAGES.noId });
    if (!file && !/^[0-9a-f]{64}$/.test(hash)) return setResult({ kind: 'error', message: VERIFY_MESSAGES.noFile });
    setBusy(true);
    setResult(null);
    try {
      const sha256 = file ? await fileSha256(file) : hash;
      const r = await api.post(
        `/api/quote-acceptance/verify/${encodeURIComponent(id)}`,
        { sha256 },
        proposalVerifiedReply,
      );
      setResult({ kind: 'outcome', outcome: verifyOutcome(id, r) });
    } catch (err) {
      setResult({
        kind: 'error',
        message:
          err instanceof ApiError && err.status === 404
            ? VERIFY_MESSAGES.unknownId
            : err instanceof ApiError && err.status === 429
              ? err.serverMessage || VERIFY_MESSAGES.failed
              : VERIFY_MESSAGES.failed,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Verify a signed proposal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Check that a proposal PDF is exactly the one signed on record. The PDF is checked on this device; only its
        fingerprint (SHA-256) is sent.
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Document ID"
          value={documentId}
          onChange={(e) => setDocumentId(e.target.value)}
          helperText="Printed on the PDF's audit certificate page"
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 128, autoComplete: 'off', spellCheck: false } }}
        />
        <TextField
          label="Signed PDF"
          type="file"
          onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'application/pdf,.pdf' } }}
        />
        <TextField
          label="Or its SHA-256"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          disabled={file !== null}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: { sm: 'flex-start' } }}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </Stack>
      <div aria-live="polite">
        {result?.kind === 'outcome' && (
          <Alert severity={result.outcome.matches ? 'success' : 'error'} sx={{ mt: 3, overflowWrap: 'anywhere' }}>
            {result.outcome.message}
          </Alert>
        )}
        {result?.kind === 'error' && (
          <Alert severity="warning" sx={{ mt: 3 }}>
            {result.message}
          </Alert>
        )}
      </div>
    </Container>
  );
}
