/**
 * The proposal of a quote approved with a contract, on the client's quote
 * page: scope, estimated timeline, price (deposit and final payment, service
 * plan), the contract, and the signing form (consent, full legal name,
 * optional drawing) whose "Sign and accept" signs and accepts in one call.
 * Once signed: when (on the studio's clock, as the signed PDF's certificate
 * writes it), and the signed PDF to download.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  proposalSignedReply,
  signProposalSchema,
  SIGNING_MESSAGES,
  type ProposalViewReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { FormTextField } from '../../../shared/components/FormTextField';
import { useToast } from '../../../shared/components/Toast';
import { formatCalendarDay } from '../../../shared/lib/studioDates';
import { SignatureCanvas } from './SignatureCanvas';

type Proposal = NonNullable<ProposalViewReply['proposal']>;

/**
 * The signing form's fields with the server's rules (domain signProposalSchema): consent ticked, a full legal
 * name of 2–120 characters once trimmed. The box starts unticked, so consent is a boolean that must be true.
 */
const signingFormSchema = z.strictObject({
  consent: z.boolean().refine((ticked) => ticked, SIGNING_MESSAGES.consent),
  fullName: signProposalSchema.shape.fullName,
});
type SigningFormInput = z.input<typeof signingFormSchema>;
type SigningForm = z.output<typeof signingFormSchema>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The proposal and its signing form. `onSigned` gets the acceptance's outcome (deposit checkout or message). */
export function ProposalSigning({
  proposal,
  leadId,
  token,
  onSigned,
  onGone,
}: {
  proposal: Proposal;
  leadId: string;
  token: string;
  onSigned(r: { requiresPayment: boolean; checkoutUrl?: string; message?: string }): void;
  onGone(): void;
}) {
  const toast = useToast();
  const d = proposal.document;
  const [signaturePng, setSignaturePng] = useState<string | null>(null);
  // Checked on submit, then again at every change: a message goes as soon as its field is right (reValidateMode).
  const { control, handleSubmit, formState } = useForm<SigningFormInput, unknown, SigningForm>({
    resolver: zodResolver(signingFormSchema),
    defaultValues: { consent: false, fullName: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const signing = formState.isSubmitting;
  const signed = proposal.status === 'Signed' || proposal.status === 'Countersigned';
  const pdfHref = `/api/quote-acceptance/proposal.pdf?${new URLSearchParams({ leadId, token }).toString()}`;

  const submit = async ({ fullName }: SigningForm) => {
    try {
      const r = await api.post(
        '/api/quote-acceptance/sign',
        {
          leadId,
          token,
          documentSha256: proposal.documentSha256,
          consent: true,
          fullName,
          signaturePng,
        },
        proposalSignedReply,
        { appCheck: true },
      );
      toast({ title: 'Signed and accepted' });
      onSigned(r);
    } catch (err) {
      const message = errorMessage(err, 'Signing failed. Please try again or contact us.');
      if (message === 'This quote is no longer available') onGone();
      else toast({ title: 'Could not sign', description: message, severity: 'error' });
    }
  };

  return (
    <Box data-testid="proposal">
      <Section title="Scope">
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: d.phases.length ? 2 : 0 }}>{d.features}</Typography>
        {d.phases.map((p) => (
          <Box key={p.name} sx={{ mb: 1 }}>
            <Typography component="h3" sx={{ fontWeight: 'bold' }}>
              {p.name}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{p.description}</Typography>
          </Box>
        ))}
      </Section>
      <Section title="Estimated timeline">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          At {d.weeklyCapacityHours} hours a week, from the first working day after you sign.
        </Typography>
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {d.timeline.map((t) => (
            <li key={t.name}>
              <Typography>
                {t.name}: {formatCalendarDay(t.start)} to {formatCalendarDay(t.end)} ({t.hours} h)
              </Typography>
            </li>
          ))}
        </Box>
      </Section>
      <Section title="Price">
        <Stack spacing={0.5}>
          <Typography>Total: {formatUsd(d.quoteAmountCents)}</Typography>
          <Typography>Deposit: {formatUsd(d.depositAmountCents)}</Typography>
          <Typography>Final payment: {formatUsd(d.finalAmountCents)}</Typography>
          {d.servicePlan && <Typography>Service plan: {d.servicePlan}</Typography>}
        </Stack>
      </Section>
      <Section title={`Contract: ${d.contractName}`}>
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="contract">
          {d.contractText}
        </Typography>
      </Section>
      {signed ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Signed{proposal.signedAtText ? ` on ${proposal.signedAtText}` : ''}.{' '}
          <a href={pdfHref} download>
            Download the signed PDF
          </a>
        </Alert>
      ) : (
        <Card component="form" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="sign-title" sx={{ mb: 3 }}>
          <CardContent>
            <Typography id="sign-title" variant="h6" component="h2" gutterBottom>
              Sign
            </Typography>
            <Stack spacing={2}>
              <Controller
                control={control}
                name="consent"
                render={({ field: { ref, value, onChange, ...field }, fieldState: { error } }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Checkbox
                          {...field}
                          checked={value}
                          onChange={(e) => onChange(e.target.checked)}
                          inputRef={ref}
                          slotProps={{ input: { 'aria-describedby': error ? 'consent-error' : undefined } }}
                        />
                      }
                      label={proposal.consentText}
                    />
                    {error && (
                      <Typography id="consent-error" variant="body2" color="error">
                        {error.message}
                      </Typography>
                    )}
                  </Box>
                )}
              />
              <FormTextField
                control={control}
                name="fullName"
                label="Full legal name"
                hint="Typing your name signs this document."
                required
                autoComplete="name"
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
              <SignatureCanvas onChange={setSignaturePng} disabled={signing} />
              <Box>
                <Button type="submit" size="large" variant="contained" disabled={signing}>
                  {signing ? 'Signing...' : 'Sign and accept'}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Typography variant="body2" color="text.secondary">
        Document {proposal.id} · SHA-256 {proposal.documentSha256.slice(0, 16)}…
      </Typography>
    </Box>
  );
}
