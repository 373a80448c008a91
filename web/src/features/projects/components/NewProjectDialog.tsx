/** New Project (spec §5, §7 POST /api/projects): toast "Project Created", or "Creation Failed" with the server message. */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type NewProject,
  type NewProjectInput,
  newProjectSchema,
  PRIORITIES,
  PROJECT_TYPES,
  projectCreatedReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { controlledProps } from '../../../shared/components/FormTextField';
import { FormDialog } from '../../../shared/components/FormDialog';

const EMPTY: NewProjectInput = {
  name: '',
  client: '',
  projectType: 'Web Project',
  description: '',
  priority: 'Medium',
};

export function NewProjectDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const toast = useToast();
  const { control, handleSubmit, reset, formState } = useForm<NewProjectInput, unknown, NewProject>({
    resolver: zodResolver(newProjectSchema),
    defaultValues: EMPTY,
  });

  const submit = async (p: NewProject) => {
    try {
      await api.post('/api/projects', p, projectCreatedReply);
      toast({ title: 'Project Created' });
      reset(EMPTY);
      onClose();
    } catch (e) {
      toast({ title: 'Creation Failed', description: errorMessage(e, 'Failed to create project'), severity: 'error' });
    }
  };

  const field = (name: keyof NewProjectInput, label: string, extra: Record<string, unknown> = {}, full = false) => (
    <Grid size={{ xs: 12, sm: full ? 12 : 6 }}>
      <Controller
        name={name}
        control={control}
        render={({ field: f, fieldState }) => (
          <TextField
            {...controlledProps({ field: f, fieldState })}
            onChange={(e) =>
              f.onChange(
                extra.type === 'number'
                  ? e.target.value === ''
                    ? undefined
                    : Number(e.target.value)
                  : e.target.value === '' && extra.type === 'date'
                    ? undefined
                    : e.target.value,
              )
            }
            {...extra}
            label={label}
          />
        )}
      />
    </Grid>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="new-project-title"
      title="New Project"
      onSubmit={handleSubmit(submit)}
      submitting={formState.isSubmitting}
      submitLabel="Create Project"
    >
      <Grid container columnSpacing={2} sx={{ pt: 1 }}>
        {field('name', 'Project name', {}, true)}
        {field('client', 'Client name')}
        {field('projectType', 'Project type', {
          select: true,
          children: PROJECT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          )),
        })}
        {field('priority', 'Priority', {
          select: true,
          children: PRIORITIES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          )),
        })}
        {field('estimatedHours', 'Estimated hours', {
          type: 'number',
          slotProps: { htmlInput: { step: 0.5, min: 0.5 } },
        })}
        {field('startDate', 'Start date', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {field('dueDate', 'Due date', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {field('description', 'Description', { multiline: true, minRows: 3 }, true)}
      </Grid>
    </FormDialog>
  );
}
