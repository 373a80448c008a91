/**
 * "Access Your Project" (spec §2 "Access Your Project dialog" and "My-project",
 * §5 access-your-project email, §7 GET /api/client-project, §8 lookup errors).
 *
 * The lookup is shared with the my-project page (useProjectLookup): on success
 * the reply is stored in sessionStorage (CLIENT_PROJECT_KEY; kept in memory
 * when storage is unavailable), then the browser goes to /my-project. 404 → toast
 * "Project Not Found" and a Try Again state; 429 → toast with the server's
 * message; anything else → "Error" - "Unable to access project. Please try
 * again later."
 *
 * The reply, and what sessionStorage hands back, are parsed with the domain's
 * clientProjectLookupReply (zod). This module is a lazy chunk of the landing
 * (features/my-project/index.ts), loaded on the dialog's first open, so zod
 * stays out of the landing's initial JS; no react-hook-form here, MUI path
 * imports only.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  clientProjectLookupReply,
  type ClientLeadReply,
  type ClientProjectLookupReply,
  type ClientProjectReply,
  type ClientWorkReply,
} from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { ClientEmailField } from './ClientEmailField';

/** The lookup's one-line explanation, in the dialog and on /my-project. */
export const LOOKUP_INTRO =
  "Enter the email address you used to contact us to see your project's status, quote and invoice.";

/** sessionStorage key of the last lookup's reply. */
export const CLIENT_PROJECT_KEY = 'studio.clientProject';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const NOT_FOUND_TEXT = 'No project found for this email address. Please check your email or contact support.';

/** The client-safe lead of GET /api/client-project (money as 2-decimal strings, dates ISO). */
export type ClientLeadView = ClientLeadReply;

/** The client-safe project: the beta URL only while in Beta, the countdown's end only while in Launch. */
export type ClientProjectView = ClientProjectReply;

/** One piece of the client's work: a lead and its project. */
export type ClientWorkView = ClientWorkReply;

/** The lookup's reply: the client's live work (`lead`, `project`), every live project of the email (most advanced first), and its PDF links. */
export type ClientProjectLookup = ClientProjectLookupReply;

/** A loose check before calling the server, which validates for real (and answers 400 otherwise). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim()) && value.trim().length <= 254;
}

/** The last lookup of this page load, for when sessionStorage is unavailable (disabled or full). */
let lastLookup: ClientProjectLookup | null = null;

/** The lookup handed over by the dialog: sessionStorage, else this page load's memory; null when absent or unreadable. */
export function readClientProject(): ClientProjectLookup | null {
  try {
    const stored = clientProjectLookupReply.safeParse(
      JSON.parse(window.sessionStorage.getItem(CLIENT_PROJECT_KEY) ?? 'null'),
    );
    if (stored.success) return stored.data;
  } catch {
    // unavailable or corrupt: fall back to memory
  }
  return lastLookup;
}

/** Forgets the stored lookup (the my-project page's "Use another email"). */
export function clearClientProject(): void {
  lastLookup = null;
  try {
    window.sessionStorage.removeItem(CLIENT_PROJECT_KEY);
  } catch {
    // storage unavailable: nothing stored either
  }
}

export type LookupResult = 'found' | 'invalid' | 'notFound' | 'failed';

/**
 * GET /api/client-project with the spec's handling. `busy` while in flight;
 * `notFound` after a 404 until the next try (the Try Again state); `problem`
 * repeats the toast's words for an inline message (a toast behind an open
 * dialog is hidden from assistive technology).
 */
export function useProjectLookup() {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const lookup = async (email: string): Promise<LookupResult> => {
    setBusy(true);
    setProblem(null);
    try {
      const data = await api.get(
        `/api/client-project?${new URLSearchParams({ email: email.trim() }).toString()}`,
        clientProjectLookupReply,
        { appCheck: true },
      );
      lastLookup = data;
      try {
        window.sessionStorage.setItem(CLIENT_PROJECT_KEY, JSON.stringify(data));
      } catch {
        // storage full or disabled: this page load keeps it in memory
      }
      setNotFound(false);
      // A fresh navigation (new location key) also tells an open my-project page to read the new data.
      navigate('/my-project');
      return 'found';
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) return 'invalid';
      if (e instanceof ApiError && e.status === 404) {
        setNotFound(true);
        setProblem(NOT_FOUND_TEXT);
        toast({ title: 'Project Not Found', description: NOT_FOUND_TEXT, severity: 'error' });
        return 'notFound';
      }
      if (e instanceof ApiError && e.status === 429) {
        setProblem(e.serverMessage);
        toast({ title: 'Too Many Lookups', description: e.serverMessage, severity: 'error' });
        return 'failed';
      }
      setProblem('Unable to access project. Please try again later.');
      toast({ title: 'Error', description: 'Unable to access project. Please try again later.', severity: 'error' });
      return 'failed';
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setNotFound(false);
    setProblem(null);
  };
  return { lookup, busy, notFound, problem, reset };
}

export function AccessProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { lookup, busy, notFound, problem, reset } = useProjectLookup();

  const close = () => {
    setError(null);
    reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!looksLikeEmail(email)) {
      setError(EMAIL_MESSAGE);
      return;
    }
    setError(null);
    const result = await lookup(email);
    if (result === 'invalid') setError(EMAIL_MESSAGE);
    if (result === 'found') close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="access-project-title"
      aria-describedby="access-project-text"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="access-project-title">Access Your Project</DialogTitle>
        <DialogContent>
          <DialogContentText id="access-project-text" sx={{ mb: 2 }}>
            {LOOKUP_INTRO}
          </DialogContentText>
          {problem && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <ClientEmailField autoFocus value={email} onChange={setEmail} error={error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Loading...' : notFound ? 'Try Again' : 'Open'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
