/**
 * Hosted-project ("Replit") quote tool (spec §2 "Hosted-project quote tool",
 * §5 "Hosted-project quote form", §7 /api/replit/*, §8), route /admin/replit.
 * In code the feature is "hosted projects"; the UI says "Replit" (spec).
 *
 * Replit has no public API, so the projects are sample data the server
 * generates for a username. The admin loads them, opens "Generate Quote" on one
 * (or "Manual Quote" for a project typed in by hand), analyzes it, and creates
 * a lead in Contacted with a Pending quote (./QuoteDialog, whose preview is
 * computed from the form's values with the server's own pricing model,
 * ../quoteForm.ts). The calls to the API are in ../api/hostedProjectsApi.ts.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SyncIcon from '@mui/icons-material/Sync';
import { fieldErrors, HOSTED_LIMITS, hostedUsernameSchema, type HostedProject } from '@studio/domain';
import { ApiError, errorMessage } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { CardGrid } from '../../../shared/components/CardGrid';
import { listHostedProjects, syncHostedProjectStatus, type SyncResponse } from '../api/hostedProjectsApi';
import { HostedProjectCard } from './HostedProjectCard';
import { QuoteDialog } from './QuoteDialog';
import { SyncSummary } from './SyncSummary';
import { useStudioDateFormat } from '../../settings';

type ProjectsState =
  | { status: 'idle' }
  | { status: 'loading'; username: string }
  | { status: 'error'; username: string; message: string }
  | { status: 'success'; username: string; projects: HostedProject[] };

/** The admin hosted-project quote tool page. */
export function HostedProjectsPage() {
  const toast = useToast();
  const dates = useStudioDateFormat();
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [state, setState] = useState<ProjectsState>({ status: 'idle' });
  const [syncing, setSyncing] = useState(false);
  const [syncResult, setSyncResult] = useState<SyncResponse | null>(null);
  // `key` remounts the dialog so every opening starts from fresh defaults.
  const [dialog, setDialog] = useState<{ open: boolean; project: HostedProject | null; key: number }>({
    open: false,
    project: null,
    key: 0,
  });

  const openDialog = (project: HostedProject | null) => setDialog((d) => ({ open: true, project, key: d.key + 1 }));

  const load = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = hostedUsernameSchema.safeParse({ username });
    if (!parsed.success) {
      setUsernameError(fieldErrors(parsed.error).username ?? 'Replit username is required');
      return;
    }
    const name = parsed.data.username;
    setUsernameError(null);
    setState({ status: 'loading', username: name });
    try {
      setState({ status: 'success', username: name, projects: await listHostedProjects(name) });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.username) setUsernameError(err.fields.username);
      setState({ status: 'error', username: name, message: errorMessage(err, 'Failed to load projects') });
    }
  };

  const sync = async () => {
    setSyncing(true);
    try {
      const r = await syncHostedProjectStatus();
      setSyncResult(r);
      toast({
        title: 'Status Sync Complete',
        description: `Updated ${r.updated} ${r.updated === 1 ? 'project' : 'projects'}`,
      });
    } catch (err) {
      toast({
        title: 'Sync Failed',
        description: errorMessage(err, 'Failed to sync project status'),
        severity: 'error',
      });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
            Replit Projects
          </Typography>
          <Typography color="text.secondary">Turn a hosted project into a quote and a lead.</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => void sync()}
            disabled={syncing}
            startIcon={syncing ? <CircularProgress size={16} aria-hidden /> : <SyncIcon />}
          >
            {syncing ? 'Syncing...' : 'Sync Status'}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            Manual Quote
          </Button>
        </Stack>
      </Stack>

      <Alert severity="info" sx={{ mb: 3 }}>
        Replit has no public API for listing a user&apos;s projects, so this tool is a demo with sample data: the
        projects below are generated for the username you enter. Quotes and leads created from them are real.
      </Alert>

      {syncResult && <SyncSummary result={syncResult} onClose={() => setSyncResult(null)} />}

      <Paper
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => void load(e)}
        aria-label="Load demo projects"
        variant="outlined"
        sx={{
          p: 2,
          mb: 3,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { sm: 'flex-start' },
        }}
      >
        <TextField
          id="hosted-username"
          label="Replit username"
          size="small"
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            if (usernameError) setUsernameError(null);
          }}
          error={!!usernameError}
          helperText={usernameError ?? 'Any demo name, e.g. studio-demo'}
          autoComplete="off"
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
          slotProps={{ htmlInput: { maxLength: HOSTED_LIMITS.username + 10, spellCheck: false } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={state.status === 'loading'}
          sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 } }}
        >
          Load Demo Projects
        </Button>
      </Paper>

      {state.status === 'idle' ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            Enter a Replit username and choose Load Demo Projects to see its sample projects.
          </Typography>
        </Paper>
      ) : state.status === 'loading' ? (
        <Loading label="Loading projects..." />
      ) : state.status === 'error' ? (
        <Alert severity="error">Could not load projects: {state.message}</Alert>
      ) : state.projects.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No projects found for @{state.username}.</Typography>
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mb: 2 }}>
            {state.projects.length} demo {state.projects.length === 1 ? 'project' : 'projects'} for @{state.username}
          </Typography>
          <CardGrid label="Projects">
            {state.projects.map((p) => (
              <HostedProjectCard key={p.id} project={p} dates={dates} onQuote={openDialog} />
            ))}
          </CardGrid>
        </>
      )}

      <QuoteDialog
        key={dialog.key}
        open={dialog.open}
        project={dialog.project}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
