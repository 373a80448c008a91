/** Add New Lead (spec §2, §7 POST /api/leads): project type defaults to Web Project. Failures show no toast (spec §8). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { type ContactInput, leadReply, type NewLead, newLeadSchema, PROJECT_TYPES } from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { FormTextField } from '../../../shared/components/FormTextField';
import { FormDialog } from '../../../shared/components/FormDialog';

const EMPTY: ContactInput = { name: '', email: '', projectType: 'Web Project', subject: '', message: '' };

export function AddLeadDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const toast = useToast();
  const { control, handleSubmit, reset, setError, formState } = useForm<ContactInput, unknown, NewLead>({
    resolver: zodResolver(newLeadSchema),
    defaultValues: EMPTY,
  });

  const submit = async (data: NewLead) => {
    try {
      await api.post('/api/leads', data, leadReply);
      toast({ title: 'Lead added successfully' });
      reset(EMPTY);
      onClose();
    } catch (e) {
      // Spec §8: no message for a failed add; server field errors still show inline.
      if (e instanceof ApiError && e.fields) {
        for (const [k, m] of Object.entries(e.fields)) setError(k as keyof ContactInput, { message: m });
      }
    }
  };

  const text = (name: keyof ContactInput, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} {...extra} label={label} />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="add-lead-title"
      title="Add New Lead"
      onSubmit={handleSubmit(submit)}
      submitting={formState.isSubmitting}
      submitLabel="Add Lead"
    >
      <Stack sx={{ pt: 1 }}>
        {text('name', 'Name', { autoFocus: true })}
        {text('email', 'Email', { type: 'email' })}
        {text('projectType', 'Project type', { options: PROJECT_TYPES })}
        {text('subject', 'Subject')}
        {text('message', 'Message', { multiline: true, minRows: 3 })}
      </Stack>
    </FormDialog>
  );
}
