/**
 * The proposal of a quote approved with a contract, on the client's quote
 * page: scope, estimated timeline, price (deposit and final payment, service
 * plan), the contract, and the signing form (consent, full legal name,
 * optional drawing) whose "Sign and accept" signs and accepts in one call.
 * Once signed: when (on the studio's clock, as the signed PDF's certificate
 * writes it), and the signed PDF to download.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatUsd, proposalSignedReply, SIGNING_MESSAGES, type ProposalViewReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { formatCalendarDay } from '../../../shared/lib/studioDates';
import { SignatureCanvas } from './SignatureCanvas';

type Proposal = NonNullable<ProposalViewReply['proposal']>;

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
  const [consent, setConsent] = useState(false);
  const [fullName, setFullName] = useState('');
  const [signaturePng, setSignaturePng] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ consent?: string; fullName?: string }>({});
  const [signing, setSigning] = useState(false);
  const signed = proposal.status === 'Signed' || proposal.status === 'Countersigned';
  const pdfHref = `/api/quote-acceptance/proposal.pdf?${new URLSearchParams({ leadId, token }).toString()}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      consent: consent ? undefined : SIGNING_MESSAGES.consent,
      fullName: fullName.trim().length >= 2 ? undefined : SIGNING_MESSAGES.fullName,
    };
    setErrors(next);
    if (next.consent || next.fullName) return;
    setSigning(true);
    try {
      const r = await api.post(
        '/api/quote-acceptance/sign',
        {
          leadId,
          token,
          documentSha256: proposal.documentSha256,
          consent: true,
          fullName: fullName.trim(),
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
    } finally {
      setSigning(false);
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
        <Card component="form" onSubmit={submit} noValidate aria-labelledby="sign-title" sx={{ mb: 3 }}>
          <CardContent>
            <Typography id="sign-title" variant="h6" component="h2" gutterBottom>
              Sign
            </Typography>
            <Stack spacing={2}>
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={consent}
                      onChange={(e) => setConsent(e.target.checked)}
                      slotProps={{ input: { 'aria-describedby': errors.consent ? 'consent-error' : undefined } }}
                    />
                  }
                  label={proposal.consentText}
                />
                {errors.consent && (
                  <Typography id="consent-error" variant="body2" color="error">
                    {errors.consent}
                  </Typography>
                )}
              </Box>
              <TextField
                label="Full legal name"
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
                required
                autoComplete="name"
                error={Boolean(errors.fullName)}
                helperText={errors.fullName ?? 'Typing your name signs this document.'}
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
