/**
 * The client portal, /portal: sign in by email link, then every project (with
 * its timeline) and every open and paid invoice of the signed-in address.
 *
 * - Asking for a link always answers the same (domain PORTAL_LINK_SENT): the
 *   page never says whether an address is a client.
 * - Opening a link completes the sign-in; on a device that did not ask for it
 *   (no remembered address) the page asks for the address first.
 * - The session is the portal's own (portalAuth.ts), never the admin's.
 * - Pay Now opens the existing checkout for the invoice.
 * - Hosting subscriptions (PortalSubscriptions): status, next renewal, cancel at period end.
 * - Dates are on the studio's clock (the overview's `timeZone`, shared/lib/studioDates), whatever the
 *   browser's zone; due days and period ends come written by the server, as its PDFs write them.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import {
  clientStatusText,
  EMAIL_MESSAGE,
  emailField,
  formatUsd,
  parseAmountToCents,
  PORTAL_LINK_SENT,
  type PortalInvoice,
  type PortalOverview,
  type PortalProject,
} from '@studio/domain';
import { Loading } from '../../../shared/components/PageState';
import { studioDateFormat, type StudioDateFormat } from '../../../shared/lib/studioDates';
import {
  completePortalLink,
  EMAIL_FOR_SIGN_IN,
  isPortalLink,
  sendPortalLink,
  signOutOfPortal,
  watchPortalUser,
} from '../portalAuth';
import { fetchOverview } from '../portalApi';
import { ApiError } from '../../../shared/lib/api';
import { rowSx } from './PortalListSection';
import { PortalSubscriptions } from './PortalSubscriptions';
import { PortalDocuments } from './PortalDocuments';
import { PortalFiles } from './PortalFiles';
import { PortalMessages } from './PortalMessages';

export const LINK_FAILED = 'This sign-in link is invalid, used or expired. Ask for a new one below.';
export const SEND_FAILED = 'The link could not be sent. Check your connection and try again.';
export const OVERVIEW_FAILED = 'Your portal could not be loaded. Check your connection and try again.';

type Phase =
  { name: 'starting' } | { name: 'ask'; notice?: string } | { name: 'confirm' } | { name: 'signed-in'; user: User };

const usd = (amount: string) => formatUsd(parseAmountToCents(amount) ?? 0);

/** The email form: asks for a link, or (`confirm`) the address a link from another device was sent to. */
function EmailForm({ confirm, onSubmit }: { confirm: boolean; onSubmit(email: string): Promise<string | null> }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return setError(EMAIL_MESSAGE);
    setError(null);
    setBusy(true);
    setError(await onSubmit(parsed.data));
    setBusy(false);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={confirm ? 'Confirm your email' : 'Sign in to the client portal'}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        autoFocus
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ height: 56, flexShrink: 0 }}>
        {busy ? 'Sending...' : confirm ? 'Sign in' : 'Email me a sign-in link'}
      </Button>
    </Box>
  );
}

function SignIn({
  confirm,
  notice,
  onConfirm,
}: {
  confirm: boolean;
  notice?: string;
  onConfirm(email: string): Promise<string | null>;
}) {
  const [sent, setSent] = useState(false);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {confirm ? 'Confirm your email' : 'Client portal'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {confirm
          ? 'You opened a sign-in link on a device that did not ask for it. Type the email address it was sent to.'
          : 'All your projects and invoices in one place. Type your email and we send you a sign-in link: no password.'}
      </Typography>
      {notice && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {sent ? (
        <Alert severity="info" role="status">
          {PORTAL_LINK_SENT}
        </Alert>
      ) : (
        <EmailForm
          confirm={confirm}
          onSubmit={async (email) => {
            if (confirm) return onConfirm(email);
            try {
              await sendPortalLink(email);
              setSent(true);
              return null;
            } catch (e) {
              console.error('portal: the sign-in link could not be sent', e);
              return SEND_FAILED;
            }
          }}
        />
      )}
    </Container>
  );
}

function Timeline({ project }: { project: PortalProject }) {
  return (
    <Box
      component="ol"
      aria-label={`${project.name}: status timeline`}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {project.timeline.map((s) => (
        <Box
          component="li"
          key={s.label}
          data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          <Chip
            size="small"
            label={s.label}
            color={s.state === 'current' ? 'primary' : 'default'}
            variant={s.state === 'future' ? 'outlined' : 'filled'}
          />
          <Box component="span" sx={visuallyHidden}>
            {s.state === 'past' ? ' (completed)' : s.state === 'current' ? ' (current stage)' : ' (upcoming)'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Projects({ projects, dates }: { projects: PortalProject[]; dates: StudioDateFormat }) {
  return (
    <Box component="section" aria-labelledby="portal-projects">
      <Typography id="portal-projects" variant="h5" component="h2" gutterBottom>
        Projects
      </Typography>
      {projects.length === 0 ? (
        <Typography color="text.secondary">No projects yet. They appear here once a quote is accepted.</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {projects.map((p) => (
            <Card component="li" key={p.id} data-testid="portal-project">
              <CardContent>
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {p.name}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                  Status: {clientStatusText(p.status)}
                  {p.createdAt ? ` · started on ${dates.longDay(p.createdAt)}` : ''}
                </Typography>
                <Timeline project={p} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Invoices({ invoices, dates }: { invoices: PortalInvoice[]; dates: StudioDateFormat }) {
  return (
    <Box component="section" aria-labelledby="portal-invoices">
      <Typography id="portal-invoices" variant="h5" component="h2" gutterBottom>
        Invoices
      </Typography>
      {invoices.length === 0 ? (
        <Typography color="text.secondary">No invoices yet.</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invoices.map((inv) => {
            const title = `${inv.number ?? 'Invoice'}: ${inv.description}`;
            return (
              <Card component="li" key={inv.id} data-testid="portal-invoice">
                <CardContent sx={rowSx}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Typography>
                    <Typography color={inv.overdueDays > 0 ? 'error' : 'text.secondary'}>
                      {usd(inv.amount)} ·{' '}
                      {inv.status === 'paid'
                        ? `Paid${inv.paidAt ? ` on ${dates.longDay(inv.paidAt)}` : ''}`
                        : `${inv.stateText}${inv.owed !== inv.amount ? `: ${usd(inv.owed)} still due` : ''}${inv.dueDate ? `, due ${inv.dueDate}` : ''}`}
                      {inv.refunded !== '0.00' && ` · ${usd(inv.refunded)} refunded`}
                    </Typography>
                  </Box>
                  {inv.status === 'paid' ? (
                    <Chip
                      color={inv.refunded === '0.00' ? 'success' : 'default'}
                      label={inv.stateText}
                      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    />
                  ) : inv.payPath ? (
                    <Button
                      variant="contained"
                      component={RouterLink}
                      to={inv.payPath}
                      aria-label={`Pay Now: ${usd(inv.owed)} for ${title}`}
                      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    >
                      Pay Now
                    </Button>
                  ) : null}
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}

function Overview({ user }: { user: User }) {
  // `refused`: the server's 403 (a session that is not an email-link account), which trying again does not mend.
  const [state, setState] = useState<{ data: PortalOverview | null; error: boolean; refused?: string }>({
    data: null,
    error: false,
  });
  const load = useCallback(() => {
    setState({ data: null, error: false });
    fetchOverview(user).then(
      (data) => setState({ data, error: false }),
      (e: unknown) => {
        console.error('portal: the overview could not be loaded', e);
        const refused = e instanceof ApiError && e.status === 403 ? e.serverMessage : undefined;
        setState({ data: null, error: true, refused });
      },
    );
  }, [user]);
  useEffect(load, [load]);
  const { data, error, refused } = state;
  const dates = data ? studioDateFormat(data.timeZone) : null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 4, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' } }}>
            Your portal
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Signed in as {user.email}
          </Typography>
        </Box>
        <Button onClick={() => void signOutOfPortal()} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          Sign out
        </Button>
      </Stack>
      {refused ? (
        <Alert severity="error">{refused}</Alert>
      ) : error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              Try again
            </Button>
          }
        >
          {OVERVIEW_FAILED}
        </Alert>
      ) : !data || !dates ? (
        <Loading label="Loading your portal..." />
      ) : data.projects.length === 0 && data.invoices.length === 0 ? (
        <Stack spacing={5}>
          <Alert severity="info">
            Nothing here yet. Your projects and invoices appear here once we start working together.
          </Alert>
          <PortalSubscriptions user={user} />
        </Stack>
      ) : (
        <Stack spacing={5}>
          <Projects projects={data.projects} dates={dates} />
          <Invoices invoices={data.invoices} dates={dates} />
          <PortalDocuments user={user} />
          <PortalFiles user={user} />
          <PortalSubscriptions user={user} />
        </Stack>
      )}
      {dates && (
        <Box sx={{ mt: 5 }}>
          <PortalMessages user={user} dates={dates} />
        </Box>
      )}
    </Container>
  );
}

export function PortalPage() {
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });

  const complete = useCallback(async (email: string): Promise<string | null> => {
    try {
      await completePortalLink(email, window.location.href);
      return null;
    } catch (e) {
      console.error('portal: the sign-in link could not be completed', e);
      window.history.replaceState(null, '', '/portal');
      setPhase({ name: 'ask', notice: LINK_FAILED });
      return null;
    }
  }, []);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void (async () => {
      try {
        if (await isPortalLink(window.location.href)) {
          const remembered = window.localStorage.getItem(EMAIL_FOR_SIGN_IN);
          if (remembered) await complete(remembered);
          else if (!gone) setPhase({ name: 'confirm' });
        }
        const unsubscribe = await watchPortalUser((user) => {
          setPhase((p) =>
            user ? { name: 'signed-in', user } : p.name === 'confirm' || p.name === 'ask' ? p : { name: 'ask' },
          );
        });
        if (gone) unsubscribe();
        else stop = unsubscribe;
      } catch (e) {
        console.error('portal: sign-in could not start', e);
        if (!gone) setPhase({ name: 'ask', notice: SEND_FAILED });
      }
    })();
    return () => {
      gone = true;
      stop?.();
    };
  }, [complete]);

  if (phase.name === 'starting') return <Loading />;
  if (phase.name === 'signed-in') return <Overview user={phase.user} />;
  return (
    <SignIn
      confirm={phase.name === 'confirm'}
      notice={phase.name === 'ask' ? phase.notice : undefined}
      onConfirm={complete}
    />
  );
}
