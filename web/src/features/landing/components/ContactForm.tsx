/**
 * Contact form, lazy-loaded by the landing page (spec §2 "Contact form", §5, §7 POST /api/contact, §8).
 * Editing → submitted confirmation showing the details → reset after 4 s.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { type Contact, type ContactInput, contactSchema, PROJECT_TYPES, successReply, TIMING } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { FormTextField } from '../../../shared/components/FormTextField';

const EMPTY: ContactInput = { name: '', email: '', phone: '', projectType: 'Web Project', subject: '', message: '' };

export default function ContactForm() {
  const toast = useToast();
  const [sent, setSent] = useState<Contact | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => {
      setSent(null);
      reset(EMPTY);
    }, TIMING.contactResetMs);
    return () => window.clearTimeout(timer);
  }, [sent, reset]);

  const onSubmit = async (data: Contact) => {
    try {
      await api.post('/api/contact', data, successReply, { appCheck: true });
      setSent(data);
    } catch (e) {
      toast({
        title: 'Failed to send message',
        description: errorMessage(e, 'Please try again later.'),
        severity: 'error',
      });
    }
  };

  const field = (name: keyof ContactInput, label: string, extra: Record<string, unknown> = {}) => (
    <FormTextField control={control} name={name} {...extra} label={label} />
  );

  return (
    <>
      {sent ? (
        <Card role="status" aria-live="polite" sx={{ maxWidth: 720, borderColor: 'success.main' }}>
          <CardContent>
            <Typography variant="h5" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
              <CheckCircleIcon color="success" /> Message sent!
            </Typography>
            <Typography sx={{ mb: 2 }}>
              Thanks, {sent.name}. I will reply to {sent.email} within 24 hours.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <strong>Project type:</strong> {sent.projectType}
              <br />
              <strong>Subject:</strong> {sent.subject}
              {sent.phone && (
                <>
                  <br />
                  <strong>Phone:</strong> {sent.phone}
                </>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
              {sent.message}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Card
          component="form"
          noValidate
          aria-label="Contact form"
          onSubmit={handleSubmit(onSubmit)}
          sx={{ maxWidth: 720 }}
        >
          <CardContent>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('name', 'Name', { required: true, autoComplete: 'name' })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="projectType" label="Project type" options={PROJECT_TYPES} />
              </Grid>
              <Grid size={12}>{field('subject', 'Subject', { required: true })}</Grid>
              <Grid size={12}>{field('message', 'Message', { required: true, multiline: true, minRows: 5 })}</Grid>
            </Grid>
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
