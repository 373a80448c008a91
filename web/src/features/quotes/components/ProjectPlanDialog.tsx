/**
 * Add Project Plan (spec §2, §4, §5): four tabs (Overview, Requirements,
 * Project Plan, Technical Features). The server prices it; the toast reads
 * "Project Plan & Quote Generated". A tab holding a field in error (the
 * form's check, or the server's field messages) is marked with an error icon
 * and named so ("Requirements, has errors"), and a failed submit opens the
 * first such tab, so an error on a hidden tab is never out of sight.
 * Under the tabs, a live price preview: the plan as typed, priced by domain
 * priceProjectPlan, the very function the server prices it with.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import {
  COMPLEXITIES,
  DEPOSIT_PERCENT,
  estimatedHoursField,
  formatHours,
  formatUsd,
  priceProjectPlan,
  type ProjectPlan,
  projectPlanAddedReply,
  type ProjectPlanInput,
  projectPlanSchema,
  type ProjectType,
  SERVICE_PLAN_TYPES,
} from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import type { BoardLead } from '../../../shared/data/hooks';
import { controlledProps, FormTextField } from '../../../shared/components/FormTextField';

const TABS = ['Overview', 'Requirements', 'Project Plan', 'Technical Features'] as const;
/** Which tab holds each field, to jump to the first error. */
const FIELD_TAB: Record<string, number> = {
  complexity: 0,
  timeline: 0,
  estimatedHours: 0,
  forceDeposit: 0,
  includeServicePlan: 0,
  servicePlanType: 0,
  requirements: 1,
  phase1: 2,
  phase2: 2,
  phase3: 2,
  phase4: 2,
  database: 3,
  integrations: 3,
  techStack: 3,
  automationAI: 3,
};

const DEFAULTS: ProjectPlanInput = {
  complexity: 'Medium',
  timeline: '',
  requirements: '',
  forceDeposit: true,
  includeServicePlan: false,
  servicePlanType: 'Hosting',
};

/**
 * The quote the plan would generate, priced as the server will (domain
 * priceProjectPlan), or why there is none yet (hours that would not be accepted).
 */
function planPricePreview(projectType: ProjectType, plan: ProjectPlanInput): string {
  const hours = estimatedHoursField.safeParse(plan.estimatedHours);
  if (!hours.success) return 'Price preview: enter valid estimated hours to see the price.';
  try {
    const q = priceProjectPlan(projectType, {
      ...plan,
      complexity: plan.complexity ?? 'Medium',
      requirements: plan.requirements ?? '',
      estimatedHours: hours.data,
    });
    return (
      `Price preview: ${formatUsd(q.totalCents)} (deposit ${formatUsd(q.depositCents)}, final ${formatUsd(q.finalCents)}); ` +
      `${formatHours(q.estimatedHoursHundredths)} h × ${formatUsd(q.hourlyRateCents)}/h` +
      (q.multipliers.length ? `, ${q.multipliers.map((m) => `×${m.factor} ${m.group}`).join(', ')}` : '')
    );
  } catch {
    return 'Price preview: not available for these values.';
  }
}

/** Add Project Plan for `lead` (see the module comment); closed when `lead` is null. */
export function ProjectPlanDialog({ lead, onClose }: { lead: BoardLead | null; onClose(): void }) {
  const toast = useToast();
  const [tab, setTab] = useState(0);
  const { control, handleSubmit, reset, watch, formState, setError } = useForm<ProjectPlanInput, unknown, ProjectPlan>({
    resolver: zodResolver(projectPlanSchema),
    defaultValues: DEFAULTS,
  });
  const includeServicePlan = watch('includeServicePlan');
  const preview = lead ? planPricePreview(lead.projectType, watch()) : '';
  const tabsWithErrors = new Set(Object.keys(formState.errors).map((field) => FIELD_TAB[field]));
  /** Opens the first tab holding one of `fields`. */
  const openFirstTabOf = (fields: string[]) => {
    const first = fields.map((f) => FIELD_TAB[f]).find((t) => t !== undefined);
    if (first !== undefined) setTab(first);
  };

  const close = () => {
    reset(DEFAULTS);
    setTab(0);
    onClose();
  };

  const submit = async (plan: ProjectPlan) => {
    if (!lead) return;
    try {
      await api.post(
        `/api/leads/${lead.id}/project-plan`,
        { ...plan, servicePlanType: plan.servicePlanType ?? undefined },
        projectPlanAddedReply,
      );
      toast({ title: 'Project Plan & Quote Generated', description: 'The quote is waiting in Quote Review.' });
      close();
    } catch (e) {
      // The server's field messages show on their fields, and their tabs are marked.
      if (e instanceof ApiError && e.fields) {
        const fields = Object.keys(e.fields).filter((f) => FIELD_TAB[f] !== undefined);
        for (const f of fields) setError(f as keyof ProjectPlanInput, { message: e.fields[f] });
        openFirstTabOf(fields);
      }
      toast({
        title: 'Update Failed',
        description: errorMessage(e, 'Failed to generate the quote'),
        severity: 'error',
      });
    }
  };

  const text = (name: keyof ProjectPlanInput, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} {...extra} label={label} />
  );

  return (
    <Dialog open={!!lead} onClose={close} aria-labelledby="plan-title" fullWidth maxWidth="md">
      <form noValidate onSubmit={handleSubmit(submit, (errors) => openFirstTabOf(Object.keys(errors)))}>
        <DialogTitle id="plan-title">Add Project Plan · {lead?.name}</DialogTitle>
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Project plan sections"
          sx={{ px: 3 }}
        >
          {TABS.map((t, i) => {
            const hasErrors = tabsWithErrors.has(i);
            return (
              <Tab
                key={t}
                label={t}
                id={`plan-tab-${i}`}
                aria-controls={`plan-panel-${i}`}
                aria-label={hasErrors ? `${t}, has errors` : undefined}
                icon={hasErrors ? <ErrorOutlineIcon fontSize="small" aria-hidden /> : undefined}
                iconPosition="end"
                data-has-errors={hasErrors || undefined}
                sx={
                  hasErrors
                    ? { color: 'error.main', minHeight: 48, '&.Mui-selected': { color: 'error.main' } }
                    : undefined
                }
              />
            );
          })}
        </Tabs>
        <DialogContent sx={{ minHeight: 360 }}>
          <Box role="tabpanel" id="plan-panel-0" aria-labelledby="plan-tab-0" hidden={tab !== 0} sx={{ pt: 1 }}>
            {text('complexity', 'Complexity', { options: COMPLEXITIES })}
            {text('timeline', 'Estimated timeline', { placeholder: 'e.g. 6 weeks' })}
            <Controller
              name="estimatedHours"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...controlledProps({ field, fieldState })}
                  label="Estimated hours (optional, default 40)"
                  type="number"
                  slotProps={{ htmlInput: { step: 0.5, min: 0.5 } }}
                  onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                />
              )}
            />
            <Controller
              name="forceDeposit"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={`Require a ${DEPOSIT_PERCENT}% deposit before the project starts`}
                />
              )}
            />
            <Controller
              name="includeServicePlan"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Include a service plan"
                />
              )}
            />
            {includeServicePlan &&
              text('servicePlanType', 'Service plan', { options: SERVICE_PLAN_TYPES, sx: { mt: 2 } })}
          </Box>
          <Box role="tabpanel" id="plan-panel-1" aria-labelledby="plan-tab-1" hidden={tab !== 1} sx={{ pt: 1 }}>
            {text('requirements', 'Key requirements', { multiline: true, minRows: 6 })}
          </Box>
          <Box role="tabpanel" id="plan-panel-2" aria-labelledby="plan-tab-2" hidden={tab !== 2} sx={{ pt: 1 }}>
            {text('phase1', 'Phase 1', { multiline: true, minRows: 2 })}
            {text('phase2', 'Phase 2', { multiline: true, minRows: 2 })}
            {text('phase3', 'Phase 3', { multiline: true, minRows: 2 })}
            {text('phase4', 'Phase 4', { multiline: true, minRows: 2 })}
          </Box>
          <Box role="tabpanel" id="plan-panel-3" aria-labelledby="plan-tab-3" hidden={tab !== 3} sx={{ pt: 1 }}>
            {text('database', 'Database')}
            {text('integrations', 'Integrations')}
            {text('techStack', 'Tech stack')}
            {text('automationAI', 'Automation / AI')}
          </Box>
        </DialogContent>
        <Typography
          role="status"
          aria-label="Price preview"
          data-testid="plan-price-preview"
          variant="body2"
          sx={{ px: 3, pt: 1, overflowWrap: 'anywhere' }}
        >
          {preview}
        </Typography>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Generating...' : 'Generate Quote'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
