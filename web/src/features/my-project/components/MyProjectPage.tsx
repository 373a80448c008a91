/**
 * The client's project view (spec §2 "My-project", §4 "Client timeline" and
 * "Invoice view (client)", §5 empty email, §8 lookup errors).
 *
 * Without a lookup handed over (sessionStorage, see AccessProjectDialog) it shows the email entry "Access Your Project". With
 * one whose email has two or more live projects, it lists them and the client
 * picks one ("Your projects"); otherwise, or once picked: project details, the status timeline, the beta URL (Beta), the launch
 * countdown (Launch), quote details, phases, tech specs, Contact Support and
 * the invoice card, read from the project's account statement (the lookup's
 * `statement`, `paidInFull`, `amountDue` and `payPath`; domain statement.ts):
 * every document with its amount, state ("Overdue 40 days"), due day,
 * refund and Pay; "Payment Completed" once nothing is owed on any document
 * and no quote stage is still to be billed, otherwise Pay Now for the next
 * payable item (a refinement of spec §4, which ties "Payment Completed" to
 * the Won and Complete stages: see docs/statuses.md). Statuses read in the
 * client's words (domain clientStatusText: "Complete", never "Won").
 *
 * Timeline (spec §4): the stages of domain clientTimelineStages, each
 * marked past / current / future (data-state; aria-current="step").
 *
 * Dates are on the studio's clock (the lookup's `timeZone`, shared/lib/studioDates), written as the PDFs and
 * emails write them, whatever the browser's zone.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { ClientDocuments, documentsOf } from './ClientDocuments';
import {
  clientCanPayNow,
  clientStatusText,
  clientTimelineStages,
  formatCountdown,
  formatUsd,
  parseAmountToCents,
  type ClientStatementLineReply,
  type TimelineStageState,
} from '@studio/domain';
import { useToast } from '../../../shared/components/Toast';
import { useClock } from '../../../shared/lib/useClock';
import { studioDateFormat, type StudioDateFormat } from '../../../shared/lib/studioDates';
import {
  clearClientProject,
  EMAIL_MESSAGE,
  LOOKUP_INTRO,
  looksLikeEmail,
  readClientProject,
  useProjectLookup,
  type ClientLeadView,
  type ClientProjectLookup,
  type ClientWorkView,
} from './AccessProjectDialog';
import { ClientEmailField } from './ClientEmailField';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** Lead statuses whose invoice is paid (spec §4 "Invoice view (client)"). */

const STATE_TEXT: Record<TimelineStageState, string> = {
  past: 'completed',
  current: 'current stage',
  future: 'upcoming',
};

function Timeline({ status }: { status: string }) {
  const stages = clientTimelineStages(status);
  return (
    <Box
      component="ol"
      aria-label="Project status timeline"
      data-testid="project-timeline"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 1.5, sm: 1 },
      }}
    >
      {stages.map(({ label, state }) => {
        const canceled = label === 'Canceled';
        const Icon =
          state === 'past'
            ? CheckCircleIcon
            : state === 'current'
              ? canceled
                ? CancelIcon
                : RadioButtonCheckedIcon
              : RadioButtonUncheckedIcon;
        return (
          <Box
            component="li"
            key={label}
            data-stage={label}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            sx={{
              flex: 1,
              display: 'flex',
              flexDirection: { xs: 'row', sm: 'column' },
              alignItems: 'center',
              gap: 1,
              textAlign: { sm: 'center' },
              color: state === 'future' ? 'text.secondary' : 'text.primary',
              fontWeight: state === 'current' ? 700 : 400,
            }}
          >
            <Icon
              aria-hidden="true"
              sx={{
                color:
                  state === 'future'
                    ? 'text.secondary'
                    : canceled && state === 'current'
                      ? 'error.main'
                      : 'primary.main',
              }}
            />
            <span>
              {label}
              <Box component="span" sx={visuallyHidden}>
                {` (${STATE_TEXT[state]})`}
              </Box>
            </span>
          </Box>
        );
      })}
    </Box>
  );
}

/** Time left in the launch countdown, refreshed every 30 s. */
function Countdown({ launchDate }: { launchDate: string }) {
  const now = useClock(30_000);
  const left = formatCountdown(new Date(launchDate), now);
  return (
    <Alert severity="info" data-testid="launch-countdown">
      {left === 'ended'
        ? 'The 7-day launch period has ended.'
        : `Launch countdown: ${left} left in the 7-day launch period.`}
    </Alert>
  );
}

const usd = (amount: string | null) => {
  const c = amount == null ? null : parseAmountToCents(amount);
  return c == null ? null : formatUsd(c);
};
/** "December 2, 2026" on the studio's clock (the lookup's `timeZone`), as the PDFs and emails write it; null for none. */
const dayOf = (dates: StudioDateFormat, iso: string | null) => (iso ? dates.longDay(iso) : null);
const isWebUrl = (u: string | null): u is string => !!u && /^https?:\/\//i.test(u);

/** A card with an h2 title. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label/value rows as a description list; rows without a value are left out. */
function Facts({ rows, empty }: { rows: Array<[string, ReactNode | null | undefined]>; empty?: string }) {
  const shown = rows.filter(([, v]) => v != null && v !== '');
  if (shown.length === 0) return <Typography color="text.secondary">{empty ?? 'Nothing here yet.'}</Typography>;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 200px) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {shown.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The way to the client portal (/portal), where a client signed in by email link sees all their work. */
function PortalLink() {
  return (
    <Typography sx={{ mt: 2, mb: 3 }}>
      <Link component={RouterLink} to="/portal">
        Sign in to see everything
      </Link>
    </Typography>
  );
}

function EmailEntry() {
  const toast = useToast();
  const { lookup, busy, notFound, problem } = useProjectLookup();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError(null);
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to view your project.',
        severity: 'error',
      });
      return;
    }
    if (!looksLikeEmail(email)) {
      setError(EMAIL_MESSAGE);
      return;
    }
    setError(null);
    if ((await lookup(email)) === 'invalid') setError(EMAIL_MESSAGE);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Access Your Project
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {LOOKUP_INTRO}
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Access your project"
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-start' } }}
      >
        <ClientEmailField value={email} onChange={setEmail} error={error} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          sx={{ minWidth: 120, height: 56, flexShrink: 0 }}
        >
          {busy ? 'Loading...' : notFound ? 'Try Again' : 'Open'}
        </Button>
      </Box>
      <PortalLink />
    </Container>
  );
}

/** How a document's state is coloured: late in red, open in amber, settled in green. */
const LINE_COLORS = { overdue: 'error', open: 'warning', paid: 'success', refunded: 'default' } as const;

/**
 * One of the client's documents: what it bills, its state ("Overdue 40 days", "Open", "Paid"), its due day on the
 * studio's clock, any refund, and Pay for what is still owed on it.
 */
function StatementLineItem({ line }: { line: ClientStatementLineReply }) {
  const navigate = useNavigate();
  const name = line.number ?? line.description;
  const owed = line.state === 'open' || line.state === 'overdue';
  return (
    <Stack
      component="li"
      direction="row"
      useFlexGap
      data-testid="client-invoice"
      sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 1, rowGap: 0.5 }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line.number && <strong>{line.number} · </strong>}
          {line.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {usd(line.amount)}
          {owed && line.owed !== line.amount && ` · ${usd(line.owed)} still due`}
          {owed && line.dueDate && ` · due ${line.dueDate}`}
          {line.refunded !== '0.00' && ` · ${usd(line.refunded)} refunded`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" label={line.stateText} color={LINE_COLORS[line.state]} variant="outlined" />
        {line.payPath && (
          <Button size="small" variant="outlined" onClick={() => navigate(line.payPath!)} aria-label={`Pay ${name}`}>
            Pay
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function InvoiceCard({ lead }: { lead: ClientLeadView }) {
  const navigate = useNavigate();
  // From the project's account statement, never the stage: an open invoice keeps "Payment Completed" away, and
  // Pay Now takes the most overdue document first.
  const statement = lead.statement;
  const payPath = lead.payPath;
  return (
    <Panel title="Invoice">
      <Facts
        rows={[
          ['Total', usd(lead.quoteAmount)],
          ['Deposit', usd(lead.depositAmount)],
          ['Final payment', usd(lead.finalAmount)],
        ]}
        empty="Your invoice will appear here once your quote is ready."
      />
      {statement && statement.lines.length > 0 && (
        <Box component="section" aria-label="Your invoices" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Your invoices
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {statement.lines.map((line) => (
              <StatementLineItem key={`${line.kind}/${line.id}`} line={line} />
            ))}
          </Stack>
        </Box>
      )}
      <Box sx={{ mt: 2 }}>
        {lead.paidInFull ? (
          <Alert severity="success" icon={<CheckCircleIcon aria-hidden="true" />}>
            Payment Completed
          </Alert>
        ) : lead.amountDue && payPath && clientCanPayNow(lead) ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography>
              Due now: <strong>{usd(lead.amountDue)}</strong>
              {statement && statement.overdue !== '0.00' && <> ({usd(statement.overdue)} overdue)</>}
            </Typography>
            <Button variant="contained" size="large" onClick={() => navigate(payPath)}>
              Pay Now
            </Button>
          </Stack>
        ) : null}
      </Box>
    </Panel>
  );
}

/** The email's live projects, to pick one from (two or more). */
function ProjectPicker({
  works,
  dates,
  onPick,
  onSwitch,
}: {
  dates: StudioDateFormat;
  works: ClientWorkView[];
  onPick(index: number): void;
  onSwitch(): void;
}) {
  const name = works.find((w) => w.lead.name)?.lead.name;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' } }} gutterBottom>
        Your projects
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography>
          {name
            ? `Hi ${name}, you have ${works.length} projects with us. Choose one to see where it stands.`
            : `You have ${works.length} projects with us. Choose one to see where it stands.`}
        </Typography>
        <Button onClick={onSwitch} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          Use another email
        </Button>
      </Stack>
      <Stack component="ul" spacing={2} aria-label="Your projects" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {works.map((w, i) => (
          <Card component="li" key={`${w.lead.id}/${i}`} data-testid="project-choice">
            <CardContent
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 2,
                alignItems: { sm: 'center' },
                justifyContent: 'space-between',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {w.project?.name ?? w.lead.subject ?? 'Your project'}
                </Typography>
                <Typography color="text.secondary">
                  {w.project ? `Status: ${clientStatusText(w.project.status)}` : ''}
                  {w.lead.createdAt ? ` · requested on ${dayOf(dates, w.lead.createdAt)}` : ''}
                </Typography>
              </Box>
              <Button
                variant="contained"
                onClick={() => onPick(i)}
                aria-label={`View ${w.project?.name ?? w.lead.subject ?? 'project'}`}
                sx={{ flexShrink: 0 }}
              >
                View project
              </Button>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}

function ProjectView({
  data,
  dates,
  onSwitch,
  onBack,
}: {
  data: ClientWorkView;
  dates: StudioDateFormat;
  onSwitch: () => void;
  onBack?: (() => void) | undefined;
}) {
  const { lead, project } = data;
  const title = project?.name ?? lead.subject ?? 'Your project';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="overline" color="primary" component="p">
        Your project
      </Typography>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}
        gutterBottom
      >
        {title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        {lead.projectType && <Chip label={lead.projectType} />}
        {project && <Chip color="primary" variant="outlined" label={`Status: ${clientStatusText(project.status)}`} />}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 4, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography>
          {lead.name ? `Hi ${lead.name}, here is where your project stands.` : 'Here is where your project stands.'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          {onBack && <Button onClick={onBack}>All your projects</Button>}
          <Button onClick={onSwitch}>Use another email</Button>
        </Stack>
      </Stack>
      <PortalLink />

      <Stack spacing={3}>
        <Panel title="Project Status">
          {project ? (
            <Stack spacing={2}>
              <Timeline status={project.status} />
              {project.status === 'Beta' && isWebUrl(project.deploymentUrl) && (
                <Alert severity="info">
                  Your beta version is ready to review:{' '}
                  <Link
                    href={project.deploymentUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {project.deploymentUrl}
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (opens in a new tab)
                    </Box>
                  </Link>
                </Alert>
              )}
              {project.status === 'Launch' && project.launchDate && <Countdown launchDate={project.launchDate} />}
            </Stack>
          ) : (
            <Typography color="text.secondary">
              Your project has not started yet{lead.status ? ` (current status: ${clientStatusText(lead.status)})` : ''}
              . It appears here once your quote is accepted.
            </Typography>
          )}
        </Panel>

        <Panel title="Project Details">
          <Facts
            rows={[
              ['Project', project?.name ?? lead.subject],
              ['Type', lead.projectType],
              ['Request', project?.name && lead.subject !== project.name ? lead.subject : null],
              ['Status', clientStatusText(project?.status ?? lead.status ?? '') || null],
              ['Requested on', dayOf(dates, lead.createdAt)],
              ['Project started', dayOf(dates, project?.createdAt ?? null)],
              ['Launched on', dayOf(dates, project?.launchDate ?? null)],
              ['Launch period ends', project?.status === 'Launch' ? dayOf(dates, project.countdownEndsAt) : null],
              [
                'Handoff',
                project?.handoffType === 'domain'
                  ? 'On your domain'
                  : project?.handoffType === 'files'
                    ? 'Project files'
                    : null,
              ],
            ]}
          />
        </Panel>

        <Panel title="Quote Details">
          <Facts
            rows={[
              ['Quote amount', usd(lead.quoteAmount)],
              ['Deposit', usd(lead.depositAmount)],
              ['Final payment', usd(lead.finalAmount)],
              ['Estimated hours', lead.estimatedHours != null ? String(lead.estimatedHours) : null],
              ['Complexity', lead.complexity],
            ]}
            empty="Your quote is being prepared."
          />
        </Panel>

        <Panel title="Project Phases">
          <Facts
            rows={[
              ['Phase 1', lead.phase1],
              ['Phase 2', lead.phase2],
              ['Phase 3', lead.phase3],
              ['Phase 4', lead.phase4],
            ]}
            empty="The phases appear here once your project plan is ready."
          />
        </Panel>

        <Panel title="Technical Specifications">
          <Facts
            rows={[
              ['Tech stack', lead.techStack],
              ['Database', lead.database],
              ['Integrations', lead.integrations],
            ]}
            empty="The technical details appear here once your project plan is ready."
          />
        </Panel>

        <InvoiceCard lead={lead} />
        <ClientDocuments documents={documentsOf(data)} />

        <Panel title="Need Help?">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Questions about your project or invoice? We respond within 24 hours.
          </Typography>
          <Button variant="outlined" component={RouterLink} to="/#contact">
            Contact Support
          </Button>
        </Panel>
      </Stack>
    </Container>
  );
}

export function MyProjectPage() {
  const location = useLocation();
  const [data, setData] = useState<ClientProjectLookup | null>(readClientProject);
  /** The project picked among several (index into data.projects), or null. */
  const [picked, setPicked] = useState<number | null>(null);
  // A new lookup (from the top bar's dialog while on this page) arrives as a new navigation.
  useEffect(() => {
    setData(readClientProject());
    setPicked(null);
  }, [location.key]);

  if (!data) return <EmailEntry />;
  const onSwitch = () => {
    clearClientProject();
    setData(null);
    setPicked(null);
  };
  const works = data.projects;
  // Every date on the studio's clock, whatever the browser's zone.
  const dates = studioDateFormat(data.timeZone);
  if (works.length >= 2) {
    const chosen = picked !== null ? works[picked] : undefined;
    if (!chosen) return <ProjectPicker works={works} dates={dates} onPick={setPicked} onSwitch={onSwitch} />;
    return <ProjectView data={chosen} dates={dates} onSwitch={onSwitch} onBack={() => setPicked(null)} />;
  }
  return <ProjectView data={data} dates={dates} onSwitch={onSwitch} />;
}
