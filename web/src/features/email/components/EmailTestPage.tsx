/**
 * Email test center (spec §2 "Email templates and test center", §5, §7
 * POST /api/test-email, §8), route /admin/email-test.
 *
 * A template picker (contact, quote, status) prefills subject and HTML with the
 * template rendered for the newest lead; to / subject / HTML fields; a live
 * preview in a sandboxed iframe; Send; and a status panel that polls
 * GET /api/outbox/{id} until the email is SUCCESS or ERROR.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import {
  isFinalOutboxStatus,
  MISSING_FIELDS_TOAST,
  outboxAcceptedReply,
  declaredValues,
  renderTemplate,
  TEST_CENTER_PRESETS,
  type OutboxEntryReply,
} from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { getAdminQueryState, useAdminQuery } from '../../../shared/data/adminQuery';
import { emailQueries, OUTBOX_MAX_POLLS, outboxPollInterval, outboxPolls } from '../queries';
import { useEmailTemplates } from '../hooks/useEmailTemplates';
import { usePreviewVariables } from '../hooks/usePreviewVariables';
import { EmailPreview } from './EmailPreview';
import { OutboxList } from './OutboxList';
import { useStudioDateFormat } from '../../settings';
import { OUTBOX_STATUS_COLORS } from './outboxStatus';

/** GET /api/outbox/{id} reply. */
type OutboxEntryView = OutboxEntryReply;

type Fields = { to: string; subject: string; html: string };
const EMPTY: Fields = { to: '', subject: '', html: '' };

/** Polls the outbox entry `id` until it is final (or OUTBOX_MAX_POLLS reads). */
function useOutboxStatus(id: string | null) {
  const options = emailQueries.outboxEntry(id ?? '');
  const query = useAdminQuery({
    ...options,
    enabled: !!id,
    refetchInterval: outboxPollInterval,
    // The panel waits for the sender even while the admin looks at another tab.
    refetchIntervalInBackground: true,
    // Each read counts towards OUTBOX_MAX_POLLS, even one that brings nothing new.
    notifyOnChangeProps: 'all',
  });
  const entry: OutboxEntryView | null = (id && query.data) || null;
  const error = query.error
    ? query.error instanceof ApiError
      ? query.error.serverMessage
      : 'Could not read the status'
    : null;
  const state = id ? getAdminQueryState(options.queryKey) : undefined;
  const gaveUp = !!state && outboxPolls(state) >= OUTBOX_MAX_POLLS;
  return { entry, error, gaveUp };
}

function StatusPanel({ outboxId }: { outboxId: string | null }) {
  const { entry, error, gaveUp } = useOutboxStatus(outboxId);
  const dates = useStudioDateFormat();
  const final = isFinalOutboxStatus(entry?.status);
  return (
    <Card component="section" aria-label="Delivery status">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Delivery status
        </Typography>
        {!outboxId ? (
          <Typography color="text.secondary">No test email sent yet.</Typography>
        ) : (
          <Box aria-live="polite">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              {entry?.status ? (
                <Chip label={entry.status} color={OUTBOX_STATUS_COLORS[entry.status]} data-testid="outbox-status" />
              ) : (
                <Chip label="QUEUED" data-testid="outbox-status" />
              )}
              {!final && !gaveUp && <CircularProgress size={18} aria-label="Waiting for the sender" />}
            </Stack>
            {entry && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                To {entry.to} · attempt{entry.attempts === 1 ? '' : 's'}: {entry.attempts}
                {entry.sentAt ? ` · sent ${dates.time(entry.sentAt)}` : ''}
              </Typography>
            )}
            {entry?.status === 'SUCCESS' && entry.deliveredVia === 'email_log' && (
              <Alert severity="info" sx={{ mt: 1 }}>
                No SendGrid key is configured here, so the email was saved to the local email log instead of being sent.
              </Alert>
            )}
            {entry?.status === 'ERROR' && (
              <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {entry.lastError ?? 'The email could not be sent.'}
              </Alert>
            )}
            {entry?.lastError && !final && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                Retrying after: {entry.lastError}
              </Typography>
            )}
            {error && (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {error}
              </Typography>
            )}
            {gaveUp && !final && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Still queued. The sender picks it up when it runs; check back later.
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function EmailTestPage() {
  const toast = useToast();
  const templates = useEmailTemplates();
  const preview = usePreviewVariables();
  const [preset, setPreset] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [sending, setSending] = useState(false);
  const [outboxId, setOutboxId] = useState<string | null>(null);

  const pick = (key: string | null) => {
    if (!key) return;
    const p = TEST_CENTER_PRESETS.find((x) => x.key === key);
    const template = templates.data.find((t) => t.id === p?.templateId);
    if (!template) return;
    const rendered = renderTemplate(template, declaredValues(template.variables, preview.vars));
    setPreset(key);
    setFields((f) => ({ ...f, subject: rendered.subject, html: rendered.html }));
    setErrors({});
  };

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const send = async () => {
    if (!fields.to.trim() || !fields.subject.trim() || !fields.html.trim()) {
      toast({ ...MISSING_FIELDS_TOAST, severity: 'error' });
      return;
    }
    setSending(true);
    try {
      const res = await api.post(
        '/api/test-email',
        { to: fields.to.trim(), subject: fields.subject, html: fields.html },
        outboxAcceptedReply,
      );
      setOutboxId(res.outboxId);
      toast({ title: 'Test Email Sent', description: `Queued to ${fields.to.trim()}.` });
    } catch (e) {
      if (e instanceof ApiError && e.fields)
        setErrors({ to: e.fields.to, subject: e.fields.subject, html: e.fields.html });
      toast({
        title: 'Failed to Send Email',
        description: 'There was an error sending the test email.',
        severity: 'error',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          Email Testing
        </Typography>
        <Typography color="text.secondary">Send a test email through the outbox and watch it go out.</Typography>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Card component="section" aria-label="Test email">
          <CardContent>
            <Typography variant="subtitle2" component="h2" gutterBottom>
              Start from a template
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={preset}
              onChange={(_e, v: string | null) => pick(v)}
              aria-label="Template"
              disabled={templates.status !== 'success'}
              sx={{ mb: 2, flexWrap: 'wrap' }}
            >
              {TEST_CENTER_PRESETS.map((p) => (
                <ToggleButton key={p.key} value={p.key}>
                  {p.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {templates.status === 'error' && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Templates could not be loaded; you can still write the email by hand.
              </Alert>
            )}
            <Stack component="form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
              <TextField
                label="To"
                type="email"
                value={fields.to}
                onChange={set('to')}
                error={!!errors.to}
                helperText={errors.to ?? ' '}
                autoComplete="email"
              />
              <TextField
                label="Subject"
                value={fields.subject}
                onChange={set('subject')}
                error={!!errors.subject}
                helperText={errors.subject ?? ' '}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                label="HTML"
                value={fields.html}
                onChange={set('html')}
                multiline
                minRows={10}
                maxRows={24}
                error={!!errors.html}
                helperText={errors.html ?? 'Scripts, iframes and event handlers are removed before sending.'}
                slotProps={{
                  htmlInput: {
                    spellCheck: false,
                    style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
                  },
                }}
              />
              <Box>
                <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={sending}>
                  {sending ? 'Sending...' : 'Send Test Email'}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Card component="section" aria-label="Preview">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Preview
              </Typography>
              {preset && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {preview.source}
                </Typography>
              )}
              <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                <strong>Subject:</strong> {fields.subject || '—'}
              </Typography>
              {fields.html.trim() ? (
                <EmailPreview html={fields.html} title="Test email preview" height={420} />
              ) : (
                <Typography color="text.secondary">The HTML preview appears here.</Typography>
              )}
            </CardContent>
          </Card>
          <StatusPanel outboxId={outboxId} />
          <Card component="section" aria-label="Failed emails">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Failed emails
              </Typography>
              <OutboxList path="/api/outbox?status=ERROR" label="Failed emails" empty="No failed emails." />
            </CardContent>
          </Card>
          <Card component="section" aria-label="Suppressed addresses">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Suppressed addresses
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                SendGrid reported these emails bounced, dropped or marked as spam. Nothing more is sent to their
                addresses.
              </Typography>
              <OutboxList
                path="/api/outbox?delivery=suppressed"
                label="Suppressed addresses"
                empty="No suppressed addresses."
                resendable={false}
              />
            </CardContent>
          </Card>
        </Stack>
      </Box>
    </Box>
  );
}
