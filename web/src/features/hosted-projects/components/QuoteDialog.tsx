/**
 * The hosted-project quote dialog ("Generate Quote" on a demo project, or
 * "Manual Quote"): the project's facts and the client, "Analyze Project"
 * (the server reads a demo project's files; a manual one is estimated from
 * the form alone), the live preview, then "Create Quote & Lead".
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InsightsIcon from '@mui/icons-material/Insights';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import {
  formatUsd,
  HOSTED_DEPOSIT_PERCENT,
  HOSTED_FEATURES,
  HOSTED_LANGUAGES,
  HOSTED_LIMITS,
  hostedQuoteFormSchema,
  type HostedProject,
  type HostedQuoteForm,
  type HostedQuoteFormInput,
} from '@studio/domain';
import { ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { controlledProps, FormTextField } from '../../../shared/components/FormTextField';
import { analyzeHostedProject, createHostedQuote } from '../api/hostedProjectsApi';
import { estimateFromForm, formDefaults, numberText, toNumber } from '../quoteForm';
import { QuotePreview } from './QuotePreview';
import { usePhone } from '../../../shared/lib/usePhone';

export function QuoteDialog({
  open,
  project,
  onClose,
}: {
  open: boolean;
  project: HostedProject | null;
  onClose(): void;
}) {
  const toast = useToast();
  const fullScreen = usePhone();
  const [analyzing, setAnalyzing] = useState(false);
  const [analyzed, setAnalyzed] = useState(false);
  const { control, handleSubmit, trigger, getValues, setValue, setError, formState } = useForm<
    HostedQuoteFormInput,
    unknown,
    HostedQuoteForm
  >({
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
        const r = await analyzeHostedProject(project.id, values.baseHourlyRate);
        const features = [...new Set([...(values.features ?? []), ...r.analysis.features])].slice(
          0,
          HOSTED_LIMITS.maxFeatures,
        );
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
      await createHostedQuote(data);
      const estimate = estimateFromForm(data);
      toast({
        title: 'Quote Created',
        description: `Lead for ${data.clientName} added to Contacted${estimate ? ` with a ${formatUsd(estimate.quote.totalCents)} quote` : ''}, pending review.`,
      });
      onClose();
    } catch (e) {
      showServerFields(e);
      toast({
        title: 'Quote Creation Failed',
        description: errorMessage(e, 'Failed to create quote'),
        severity: 'error',
      });
    }
  };

  const text = (
    name: 'projectId' | 'projectTitle' | 'clientName' | 'clientEmail',
    label: string,
    extra: object = {},
  ) => <FormTextField control={control} name={name} {...extra} id={`hosted-${name}`} label={label} fullWidth />;

  const number = (name: 'fileCount' | 'baseHourlyRate', label: string, htmlInput: object) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...controlledProps({ field, fieldState })}
          value={numberText(field.value)}
          onChange={(e) => field.onChange(toNumber(e.target.value))}
          id={`hosted-${name}`}
          label={label}
          type="number"
          fullWidth
          slotProps={{ htmlInput }}
        />
      )}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="hosted-quote-title"
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={handleSubmit(create)}>
        <DialogTitle id="hosted-quote-title">Generate Quote from Replit Project</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {project
              ? 'Analyze the project to detect its features and estimate the work, then create the quote and its lead.'
              : 'Manual quote: describe the project, analyze it to see the estimate, then create the quote and its lead.'}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              columnGap: 2,
              rowGap: 0.5,
              pt: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1' }}>
              Project
            </Typography>
            {text('projectId', 'Project ID', {
              slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.projectId, readOnly: !!project } },
            })}
            {text('projectTitle', 'Project title', {
              slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.projectTitle } },
            })}
            <Controller
              name="language"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...controlledProps({ field, fieldState })}
                  id="hosted-language"
                  select
                  label="Language"
                  fullWidth
                >
                  {[
                    ...HOSTED_LANGUAGES,
                    ...(field.value && !(HOSTED_LANGUAGES as readonly string[]).includes(field.value)
                      ? [field.value]
                      : []),
                  ].map((l) => (
                    <MenuItem key={l} value={l}>
                      {l}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {number('fileCount', 'File count', {
              min: HOSTED_LIMITS.minFileCount,
              max: HOSTED_LIMITS.maxFileCount,
              step: 1,
              inputMode: 'numeric',
            })}
            <Controller
              name="hasDeployment"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mb: 2 }}
                  control={
                    <Switch
                      checked={!!field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      name={field.name}
                    />
                  }
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
                    id="hosted-features"
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
                        helperText={
                          message ?? 'Optional. Press Enter after each feature; analysis adds the ones it detects.'
                        }
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
            {text('clientName', 'Client name', {
              autoComplete: 'off',
              slotProps: { htmlInput: { maxLength: HOSTED_LIMITS.clientName } },
            })}
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
            startIcon={
              formState.isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RequestQuoteIcon />
            }
          >
            {formState.isSubmitting ? 'Creating...' : 'Create Quote & Lead'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
