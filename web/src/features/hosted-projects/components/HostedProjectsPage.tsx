/**
 * Hosted-project ("Replit") quote tool (spec §2 "Hosted-project quote tool",
 * §5 "Hosted-project quote form", §7 /api/replit/*, §8; issue 9), route
 * /admin/replit.
 *
 * Replit has no public API, so the projects are sample data the server
 * generates for a username. The admin loads them, opens "Generate Quote" on one
 * (or "Manual Quote" for a project typed in by hand), analyzes it, and creates
 * a lead in Contacted with a Pending quote. The preview is computed with the
 * same domain model the server prices the lead with, from the form's values,
 * so what the admin sees is what gets stored.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import InsightsIcon from '@mui/icons-material/Insights';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SyncIcon from '@mui/icons-material/Sync';
import {
  analyzeHostedFacts,
  fieldErrors,
  formatUsd,
  HOSTED_DEFAULT_FILE_COUNT,
  HOSTED_DEFAULT_LANGUAGE,
  HOSTED_DEFAULT_RATE_DOLLARS,
  HOSTED_DEPOSIT_PERCENT,
  HOSTED_FEATURES,
  HOSTED_LANGUAGES,
  HOSTED_LIMITS,
  hostedComplexityLevel,
  hostedQuoteFormSchema,
  hostedUsernameSchema,
  isDeployed,
  rateDollarsToCents,
  type HostedAnalysis,
  type HostedAnalysisResult,
  type HostedProject,
  type HostedQuoteForm,
  type HostedQuoteDto,
  type HostedQuoteFormInput,
  type ProjectStatusUpdate,
} from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { CardGrid } from '../../../shared/components/CardGrid';
import { controlledProps, FormTextField } from '../../../shared/components/FormTextField';

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** POST /api/replit/analyze-project reply. */
interface AnalyzeResponse {
  success: boolean;
  analysis: HostedAnalysis;
  quote: HostedQuoteDto;
}

interface SyncResponse {
  success: boolean;
  updated: number;
  updates: ProjectStatusUpdate[];
}

type ProjectsState =
  | { status: 'idle' }
  | { status: 'loading'; username: string }
  | { status: 'error'; username: string; message: string }
  | { status: 'success'; username: string; projects: HostedProject[] };

// ---------------------------------------------------------------------------
// Quote dialog
// ---------------------------------------------------------------------------

/** The form values that drive the price (the rest names the project and the client). */
const estimateSchema = hostedQuoteFormSchema.pick({ language: true, fileCount: true, hasDeployment: true, baseHourlyRate: true, features: true });

/** The estimate the server will store for these form values, or null while they are invalid. */
function estimateFromForm(values: Partial<HostedQuoteFormInput>): HostedAnalysisResult | null {
  const parsed = estimateSchema.safeParse({
    language: values.language,
    fileCount: values.fileCount,
    hasDeployment: values.hasDeployment,
    baseHourlyRate: values.baseHourlyRate,
    features: values.features,
  });
  if (!parsed.success) return null;
  const f = parsed.data;
  return analyzeHostedFacts(
    { language: f.language, fileCount: f.fileCount, hasDeployment: f.hasDeployment, features: f.features ?? [] },
    rateDollarsToCents(f.baseHourlyRate),
  );
}

function formDefaults(project: HostedProject | null): HostedQuoteFormInput {
  return {
    projectId: project?.id ?? '',
    projectTitle: project?.title ?? '',
    language: project?.lang ?? HOSTED_DEFAULT_LANGUAGE,
    fileCount: project ? project.files.length : HOSTED_DEFAULT_FILE_COUNT,
    hasDeployment: project ? isDeployed(project.deployment) : false,
    clientName: '',
    clientEmail: '',
    baseHourlyRate: HOSTED_DEFAULT_RATE_DOLLARS,
    features: [],
  };
}

/** Text input value of a number field: '' for NaN/undefined (an emptied field). */
const numberText = (v: unknown) => (typeof v === 'number' && !Number.isNaN(v) ? v : '');
/** Number of a number input; an empty field becomes NaN so the schema reports it instead of using the default. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const COMPLEXITY_COLORS: Record<'Low' | 'Medium' | 'High', ChipProps['color']> = { Low: 'success', Medium: 'warning', High: 'error' };

function QuotePreview({ control }: { control: Control<HostedQuoteFormInput, unknown, HostedQuoteForm> }) {
  const values = useWatch({ control });
  const estimate = estimateFromForm(values);
  if (!estimate) {
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        Fix the highlighted fields to see the estimate.
      </Alert>
    );
  }
  const { analysis, quote } = estimate;
  const level = hostedComplexityLevel(analysis.complexity);
  const stats: Array<[string, ReactNode]> = [
    ['Complexity', <Chip key="c" size="small" label={level} color={COMPLEXITY_COLORS[level]} />],
    ['Estimated hours', `${quote.estimatedHours} h`],
    ['Total', formatUsd(quote.totalCents)],
    [`Deposit (${HOSTED_DEPOSIT_PERCENT}%)`, formatUsd(quote.depositCents)],
  ];
  return (
    <Paper component="section" aria-label="Quote preview" variant="outlined" sx={{ p: 2, mt: 1, bgcolor: 'grey.50' }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
        Quote preview
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
        {stats.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" fontWeight={700} sx={{ m: 0 }} data-testid={`preview-${label.split(' ')[0]!.toLowerCase()}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Final payment {formatUsd(quote.finalCents)} · {formatUsd(quote.hourlyRateCents)}/h · Features:{' '}
        {analysis.features.length ? analysis.features.join(', ') : 'none detected'}
      </Typography>
      <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', typography: 'body2' } }}>
        <summary>How this estimate was built</summary>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {analysis.reasons.map((r) => (
            <Typography key={r} component="li" variant="body2" color="text.secondary">
              {r}
            </Typography>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

function QuoteDialog({ open, project, onClose }: { open: boolean; project: HostedProject | null; onClose(): void }) {
  const toast = useToast();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [analyzing, setAnalyzing] = useState(false);
  const [analyzed, setAnalyzed] = useState(false);
  const { control, handleSubmit, trigger, getValues, setValue, setError, formState } = useForm<HostedQuoteFormInput, unknown, HostedQuoteForm>({
    resolver: zodResolver(hostedQuoteFormSchema),
    defaultValues: formDefaults(project),
  });
  const busy = analyzing || formState.isSubmitting;

  const showServerFields = (e: unknown) => {
    if (e instanceof ApiError && e.fields) {
      for (const [k, m] of Object.entries(e.fields)) setError(k as keyof HostedQuoteFormInput, { message: m });
    }
  };

  const analyze = async () => {
    const ok = await trigger(['projectId', 'language', 'fileCount', 'hasDeployment', 'baseHourlyRate', 'features']);
    if (!ok) return;
    setAnalyzing(true);
    try {
      if (project) {
        // A demo project: the server reads its files (feature keywords in the paths).
        const values = getValues();
        const r = await api.post<AnalyzeResponse>('/api/replit/analyze-project', { projectId: project.id, baseHourlyRate: values.baseHourlyRate });
        const features = [...new Set([...(values.features ?? []), ...r.analysis.features])].slice(0, HOSTED_LIMITS.maxFeatures);
        const opts = { shouldDirty: true, shouldValidate: true } as const;
        setValue('language', r.analysis.language, opts);
        setValue('fileCount', r.analysis.fileCount, opts);
        setValue('hasDeployment', r.analysis.hasDeployment, opts);
        setValue('features', features, opts);
      }
      // Manual quotes have nothing to fetch: the estimate comes from the form alone.
      const estimate = estimateFromForm(getValues());
      setAnalyzed(true);
      toast({
        title: 'Project Analyzed',
        description: estimate
          ? `${estimate.analysis.complexity} complexity, ${estimate.quote.estimatedHours} h, ${formatUsd(estimate.quote.totalCents)}`
          : undefined,
      });
    } catch (e) {
      showServerFields(e);
      toast({ title: 'Analysis Failed', description: errorMessage(e, 'Failed to analyze project'), severity: 'error' });
    } finally {
      setAnalyzing(false);
    }
  };

  const create = async (data: HostedQuoteForm) => {
    try {
      await api.post<{ success: boolean; leadId: string }>('/api/replit/create-quote-from-project', data);
      const estimate = estimateFromForm(data);
      toast({
        title: 'Quote Created',
        description: `Lead for ${data.clientName} added to Contacted${estimate ? ` with a ${formatUsd(estimate.quote.totalCents)} quote` : ''}, pending review.`,
      });
      onClose();
    } catch (e) {
      showServerFields(e);
      toast({ title: 'Quote Creation Failed', description: errorMessage(e, 'Failed to create quote'), severity: 'error' });
    }
  };

  const text = (name: 'projectId' | 'projectTitle' | 'clientName' | 'clientEmail', label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} {...extra} id={`replit-${name}`} label={label} fullWidth />
  );

  const number = (name: 'fileCount' | 'baseHourlyRate', label: string, htmlInput: object) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...controlledProps({ field, fieldState })}
          value={numberText(field.value)}
          onChange={(e) => field.onChange(toNumber(e.target.value))}
          id={`replit-${name}`}
          label={label}
          type="number"
          fullWidth
          slotProps={{ htmlInput }}
        />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="replit-quote-title" fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form noValidate onSubmit={handleSubmit(create)}>
        <DialogTitle id="replit-quote-title">Generate Quote from Replit Project</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {project
              ? 'Analyze the project to detect its features and estimate the work, then create the quote and its lead.'
              : 'Manual quote: describe the project, analyze it to see the estimate, then create the quote and its lead.'}
          </Typography>
          <Box sx={{ display: 'grid', columnGap: 2, rowGap: 0.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1' }}>
              Project
            </Typography>
            {text('projectId', 'Project ID', { slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.projectId, readOnly: !!project } } })}
            {text('projectTitle', 'Project title', { slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.projectTitle } } })}
            <Controller
              name="language"
              control={control}
              render={({ field, fieldState }) => (
                <TextField {...controlledProps({ field, fieldState })} id="replit-language" select label="Language" fullWidth>
                  {[...HOSTED_LANGUAGES, ...(field.value && !(HOSTED_LANGUAGES as readonly string[]).includes(field.value) ? [field.value] : [])].map((l) => (
                    <MenuItem key={l} value={l}>
                      {l}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {number('fileCount', 'File count', { min: HOSTED_LIMITS.minFileCount, max: HOSTED_LIMITS.maxFileCount, step: 1, inputMode: 'numeric' })}
            <Controller
              name="hasDeployment"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mb: 2 }}
                  control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} name={field.name} />}
                  label="Deployed (Live)"
                />
              )}
            />
            {number('baseHourlyRate', 'Base hourly rate ($)', {
              min: HOSTED_LIMITS.minRateDollars,
              max: HOSTED_LIMITS.maxRateDollars,
              step: 0.01,
              inputMode: 'decimal',
            })}
            <Controller
              name="features"
              control={control}
              render={({ field, fieldState }) => {
                // A list-level error has a message; item errors come as an array (one per bad item).
                const err = fieldState.error as unknown;
                const message =
                  (err as { message?: string } | undefined)?.message ||
                  (Array.isArray(err) ? (err.find(Boolean) as { message?: string } | undefined)?.message : undefined);
                return (
                  <Autocomplete
                    id="replit-features"
                    multiple
                    freeSolo
                    autoSelect
                    filterSelectedOptions
                    options={HOSTED_FEATURES as readonly string[]}
                    value={field.value ?? []}
                    onChange={(_e, v) => field.onChange([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
                    onBlur={field.onBlur}
                    sx={{ gridColumn: '1 / -1' }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        label="Features"
                        placeholder="e.g. database, Stripe checkout"
                        error={!!message}
                        helperText={message ?? 'Optional. Press Enter after each feature; analysis adds the ones it detects.'}
                        slotProps={{ htmlInput: { ...params.inputProps, maxLength: HOSTED_LIMITS.featureLength } }}
                      />
                    )}
                  />
                );
              }}
            />
            <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1', mt: 1 }}>
              Client
            </Typography>
            {text('clientName', 'Client name', { autoComplete: 'off', slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.clientName } } })}
            {text('clientEmail', 'Client email', { type: 'email', autoComplete: 'off' })}
          </Box>
          {analyzed ? (
            <QuotePreview control={control} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Analyze the project to preview complexity, hours, total and the {HOSTED_DEPOSIT_PERCENT}% deposit.
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            onClick={() => void analyze()}
            disabled={busy}
            startIcon={analyzing ? <CircularProgress size={16} aria-hidden /> : <InsightsIcon />}
          >
            {analyzing ? 'Analyzing...' : 'Analyze Project'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RequestQuoteIcon />}
          >
            {formState.isSubmitting ? 'Creating...' : 'Create Quote & Lead'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------

function ProjectCard({ project, onQuote }: { project: HostedProject; onQuote(p: HostedProject): void }) {
  const live = isDeployed(project.deployment);
  const updated = new Date(project.timeUpdated);
  return (
    <Card component="article" aria-label={project.title} data-testid="replit-project-card" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere', minWidth: 0 }}>
            {project.title}
          </Typography>
          {live && <Chip size="small" color="success" label="Live" aria-label="Live: deployed" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" variant="outlined" label={project.lang} aria-label={`Language: ${project.lang}`} />
          <Typography variant="body2" color="text.secondary">
            {project.files.length} {project.files.length === 1 ? 'file' : 'files'}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {Number.isNaN(updated.getTime()) ? (
            'Updated: unknown'
          ) : (
            <>
              Updated <time dateTime={project.timeUpdated}>{dateFmt.format(updated)}</time>
            </>
          )}
        </Typography>
        <Link
          href={project.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          aria-label={`View project ${project.title} on Replit (opens in a new tab)`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', mt: 'auto' }}
        >
          View Project <OpenInNewIcon fontSize="inherit" aria-hidden />
        </Link>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" size="small" startIcon={<RequestQuoteIcon />} onClick={() => onQuote(project)} fullWidth>
          Generate Quote
        </Button>
      </CardActions>
    </Card>
  );
}

function SyncSummary({ result, onClose }: { result: SyncResponse; onClose(): void }) {
  const shown = result.updates.slice(0, 10);
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 3 }} role="status">
      <Typography variant="body2" fontWeight={700}>
        Last sync: {result.updated} of {result.updates.length} quoted {result.updates.length === 1 ? 'project' : 'projects'} updated
      </Typography>
      {result.updates.length === 0 ? (
        <Typography variant="body2">No leads were created from hosted projects yet.</Typography>
      ) : (
        <List dense disablePadding>
          {shown.map((u) => (
            <ListItem key={u.leadId} disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={`${u.name}: ${u.projectTitle ?? u.projectId}`}
                secondary={!u.synced ? 'Not a demo project (manual quote), not synced' : `${u.deployed ? 'Live' : 'Not deployed'}${u.changed ? ' (changed)' : ''}`}
                slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
          {result.updates.length > shown.length && (
            <Typography variant="body2" color="text.secondary">
              and {result.updates.length - shown.length} more
            </Typography>
          )}
        </List>
      )}
    </Alert>
  );
}

/** The admin hosted-project quote tool page. */
export function HostedProjectsPage() {
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [state, setState] = useState<ProjectsState>({ status: 'idle' });
  const [syncing, setSyncing] = useState(false);
  const [syncResult, setSyncResult] = useState<SyncResponse | null>(null);
  // `key` remounts the dialog so every opening starts from fresh defaults.
  const [dialog, setDialog] = useState<{ open: boolean; project: HostedProject | null; key: number }>({ open: false, project: null, key: 0 });

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
      const r = await api.get<{ success: boolean; projects: HostedProject[] }>(`/api/replit/projects?${new URLSearchParams({ username: name })}`);
      setState({ status: 'success', username: name, projects: r.projects });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.username) setUsernameError(err.fields.username);
      setState({ status: 'error', username: name, message: errorMessage(err, 'Failed to load projects') });
    }
  };

  const sync = async () => {
    setSyncing(true);
    try {
      const r = await api.post<SyncResponse>('/api/replit/sync-project-status');
      setSyncResult(r);
      toast({ title: 'Status Sync Complete', description: `Updated ${r.updated} ${r.updated === 1 ? 'project' : 'projects'}` });
    } catch (err) {
      toast({ title: 'Sync Failed', description: errorMessage(err, 'Failed to sync project status'), severity: 'error' });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
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
        Replit has no public API for listing a user&apos;s projects, so this tool is a demo with sample data: the projects below are generated for the
        username you enter. Quotes and leads created from them are real.
      </Alert>

      {syncResult && <SyncSummary result={syncResult} onClose={() => setSyncResult(null)} />}

      <Paper
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => void load(e)}
        aria-label="Load demo projects"
        variant="outlined"
        sx={{ p: 2, mb: 3, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          id="replit-username"
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
        <Button type="submit" variant="contained" disabled={state.status === 'loading'} sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 } }}>
          Load Demo Projects
        </Button>
      </Paper>

      {state.status === 'idle' ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Enter a Replit username and choose Load Demo Projects to see its sample projects.</Typography>
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
              <ProjectCard key={p.id} project={p} onQuote={openDialog} />
            ))}
          </CardGrid>
        </>
      )}

      <QuoteDialog key={dialog.key} open={dialog.open} project={dialog.project} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Box>
  );
}
