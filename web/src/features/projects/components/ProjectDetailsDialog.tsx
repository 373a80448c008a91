/**
 * Project details with the stage's actions (spec §2, §4 "Projects board flow"):
 * Production → Deploy to Beta (URL); Beta → Launch (handoff domain + URL, or
 * files); Mark Maintenance Paid (asked first: the CRM cannot take it back);
 * Cancel. Toasts and errors as spec §8.
 * Opened by a drop on Beta or Launch (`pendingStage`), it asks for that
 * stage's details first; `onStageDone` follows a successful stage action.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  deployToBetaSchema,
  fieldErrors,
  formatCountdown,
  launchSchema,
  PROJECT_STAGE_TRIGGER,
  successReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useToast } from '../../../shared/components/Toast';
import type { ProjectView } from '../../../shared/data/hooks';

export function ProjectDetailsDialog({
  project,
  pendingStage,
  onClose,
  onStageDone,
  onCancelProject,
}: {
  project: ProjectView | null;
  /** The column a drop is waiting on: the dialog completes it (Deploy to Beta, Launch) or Cancel puts the card back. */
  pendingStage?: 'Beta' | 'Launch' | undefined;
  onClose(): void;
  onStageDone?(): void;
  onCancelProject(p: ProjectView): void;
}) {
  const toast = useToast();
  const [url, setUrl] = useState('');
  const [handoff, setHandoff] = useState<'domain' | 'files'>('domain');
  const [domainUrl, setDomainUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Mark Maintenance Paid waiting for its confirmation: there is no way back from the CRM.
  const [confirmMaintenance, setConfirmMaintenance] = useState(false);

  const close = () => {
    setConfirmMaintenance(false);
    setUrl('');
    setDomainUrl('');
    setError(null);
    onClose();
  };

  const run = async (
    path: string,
    body: object,
    ok: { title: string; description?: string },
    failTitle: string,
    stage = false,
  ) => {
    if (!project) return;
    setBusy(true);
    try {
      await api.post(`/api/projects/${project.id}/${path}`, body, successReply);
      toast(ok);
      if (stage) onStageDone?.();
      close();
    } catch (e) {
      toast({ title: failTitle, description: errorMessage(e, 'Please try again.'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const deploy = () => {
    const parsed = deployToBetaSchema.safeParse({ deploymentUrl: url });
    if (!parsed.success) return setError(fieldErrors(parsed.error).deploymentUrl ?? 'Enter a URL');
    void run('deploy-to-beta', parsed.data, { title: 'Deployed to Beta' }, 'Deployment Failed', true);
  };

  const launch = () => {
    const parsed = launchSchema.safeParse(
      handoff === 'domain' ? { handoffType: 'domain', domainUrl } : { handoffType: 'files' },
    );
    if (!parsed.success) return setError(Object.values(fieldErrors(parsed.error))[0] ?? 'Choose a handoff');
    void run(
      'launch',
      parsed.data,
      { title: 'Project Launched', description: '7-day countdown started' },
      'Launch Failed',
      true,
    );
  };

  const p = project;
  return (
    <Dialog open={!!p} onClose={close} aria-labelledby="project-title" fullWidth maxWidth="sm">
      {p && (
        <>
          <DialogTitle id="project-title">{p.name}</DialogTitle>
          <DialogContent>
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
              <Chip color="primary" label={p.status} aria-label={`Status ${p.status}`} />
              {PROJECT_STAGE_TRIGGER[p.status] && <Chip variant="outlined" label={PROJECT_STAGE_TRIGGER[p.status]} />}
              <Chip variant="outlined" label={`${p.priority} priority`} />
            </Stack>
            {pendingStage && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {pendingStage === 'Beta'
                  ? 'To move this project to Beta, deploy it to Beta below.'
                  : 'To move this project to Launch, launch it below.'}{' '}
                Cancel puts it back.
              </Alert>
            )}
            <Typography>Client: {p.client}</Typography>
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {p.description}
            </Typography>
            {p.deploymentUrl && (
              <Typography sx={{ mt: 1 }}>
                Beta:{' '}
                <a href={p.deploymentUrl} target="_blank" rel="noreferrer noopener">
                  {p.deploymentUrl}
                </a>
              </Typography>
            )}
            {p.status === 'Launch' && p.launchDate instanceof Date && (
              <Typography sx={{ mt: 1 }}>Countdown: {formatCountdown(p.launchDate, new Date())} left</Typography>
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            {p.status === 'Production' && (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Deploy to Beta
                </Typography>
                <TextField
                  label="Beta URL"
                  placeholder="https://beta.example.com"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                />
                <Button variant="contained" sx={{ mt: 1 }} onClick={deploy} disabled={busy || !url.trim()}>
                  Deploy to Beta
                </Button>
              </>
            )}
            {p.status === 'Beta' && (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Launch
                </Typography>
                <RadioGroup
                  row
                  aria-label="Handoff"
                  value={handoff}
                  onChange={(e) => setHandoff(e.target.value as 'domain' | 'files')}
                >
                  <FormControlLabel value="domain" control={<Radio />} label="Custom domain" />
                  <FormControlLabel value="files" control={<Radio />} label="Hand over files" />
                </RadioGroup>
                {handoff === 'domain' && (
                  <TextField
                    label="Domain URL"
                    placeholder="https://client.com"
                    value={domainUrl}
                    onChange={(e) => setDomainUrl(e.target.value)}
                  />
                )}
                <Button variant="contained" sx={{ mt: 1 }} onClick={launch} disabled={busy}>
                  Launch
                </Button>
              </>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {!pendingStage && !p.maintenanceSubscriptionPaid && p.status !== 'Canceled' && p.status !== 'Won' && (
              <Button onClick={() => setConfirmMaintenance(true)} disabled={busy}>
                Mark Maintenance Paid
              </Button>
            )}
            {!pendingStage && p.status !== 'Canceled' && p.status !== 'Won' && (
              <Button color="error" onClick={() => onCancelProject(p)} disabled={busy}>
                Cancel Project
              </Button>
            )}
            <Button onClick={close} variant="outlined">
              {pendingStage ? 'Cancel' : 'Close'}
            </Button>
          </DialogActions>
          <ConfirmDialog
            open={confirmMaintenance}
            title={`Record a paid maintenance subscription for ${p.name}?`}
            consequences={[
              'The project is marked as having its maintenance subscription paid.',
              'When its 7-day launch countdown ends it moves to Maintenance instead of Won, and its lead to Complete.',
              'This cannot be undone from the CRM.',
            ]}
            confirmLabel="Mark Maintenance Paid"
            tone="primary"
            busy={busy}
            onCancel={() => setConfirmMaintenance(false)}
            onConfirm={() =>
              void run(
                'maintenance-subscription',
                {},
                { title: 'Maintenance Subscription Recorded' },
                'Recording Failed',
              ).finally(() => setConfirmMaintenance(false))
            }
          />
        </>
      )}
    </Dialog>
  );
}
