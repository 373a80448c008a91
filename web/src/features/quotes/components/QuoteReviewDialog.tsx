/**
 * Quote Review queue (spec §2, §4 "Quote review"): every pending quote, or
 * one lead's, each with its breakdown and service plan. Approve → Approved +
 * Quoted + a quote link to copy, and to whom it was emailed; Revise →
 * "Needs Revision"; Edit opens Edit Quote, and coming back the review is the
 * one it left (the board keeps it), in its order, with the focus on the quote
 * just edited. Approving a quote that is already Approved issues a new link
 * and the server revokes the one already sent, so the dialog asks first.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseQuoteDetails, quoteReviewReply, quoteServicePlan, servicePlanText } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import type { LeadView } from '../../../shared/data/hooks';
import { QuoteBreakdown } from '../../../shared/components/QuoteBreakdown';
import { ContractPicker, NO_CONTRACT } from '../../proposals';

/** The quote's service plan as the client's quote page shows it, or that it has none. */
function ServicePlanLine({ plan }: { plan: ReturnType<typeof quoteServicePlan> }) {
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="review-service-plan">
      Service plan: {plan ? servicePlanText(plan) : 'none'}
    </Typography>
  );
}

/** The quote review (spec §2): `leads` are whole leads; `loading` while they are being read, `error` when that failed. */
export function QuoteReviewDialog({
  open,
  leads,
  loading = false,
  error,
  onClose,
  onEdit,
}: {
  open: boolean;
  leads: LeadView[];
  loading?: boolean;
  error?: string;
  onClose(): void;
  onEdit(lead: LeadView): void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  // The link just issued, and the address it was emailed to (null when it was not emailed).
  const [link, setLink] = useState<{ name: string; url: string; emailedTo: string | null } | null>(null);
  // An approved quote waiting for the admin to confirm that its sent link is replaced.
  const [replacing, setReplacing] = useState<LeadView | null>(null);
  // The contract template chosen for each lead's approval (none: accepted without signing, as before).
  const [contracts, setContracts] = useState<Record<string, string>>({});
  // The lead whose Edit was clicked: when the review shows again, its Edit button takes the focus as it mounts
  // (the dialog's content mounts a render after `open`), unless the quote has left the queue meanwhile.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (open && !loading && !leads.some((l) => l.id === returnTo.current)) returnTo.current = null;
  }, [open, loading, leads]);
  const backToEdited = (lead: LeadView) => (button: HTMLButtonElement | null) => {
    if (!button || !open || returnTo.current !== lead.id) return;
    returnTo.current = null;
    button.scrollIntoView({ block: 'nearest' });
    button.focus();
  };

  const edit = (lead: LeadView) => {
    returnTo.current = lead.id;
    onEdit(lead);
  };

  const act = async (lead: LeadView, action: 'approve' | 'revise') => {
    setBusy(lead.id);
    try {
      const contractTemplateId = action === 'approve' ? contracts[lead.id] || NO_CONTRACT : NO_CONTRACT;
      const body = contractTemplateId ? { contractTemplateId } : {};
      const r = await api.post(`/api/leads/${lead.id}/quote/${action}`, body, quoteReviewReply);
      if (action === 'approve') {
        toast({ title: 'Quote Approved' });
        if (r.acceptanceUrl)
          setLink({
            name: lead.name,
            url: `${window.location.origin}${r.acceptanceUrl}`,
            emailedTo: r.emailed ? (r.emailedTo ?? lead.email) : null,
          });
      } else toast({ title: 'Quote Needs Revision' });
    } catch (e) {
      toast({ title: 'Update Failed', description: errorMessage(e, 'Failed to update quote'), severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const approve = (lead: LeadView) => {
    if (lead.quoteReviewStatus === 'Approved') setReplacing(lead);
    else void act(lead, 'approve');
  };

  const confirmReplace = () => {
    const lead = replacing;
    setReplacing(null);
    if (lead) void act(lead, 'approve');
  };

  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    toast({ title: 'Copied' });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="quote-review-title" fullWidth maxWidth="md">
      <DialogTitle id="quote-review-title">Quote Review</DialogTitle>
      <DialogContent>
        {link && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setLink(null)} closeText="Dismiss">
            <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="quote-link-sent">
              {link.emailedTo
                ? `The quote link was emailed to ${link.name} at ${link.emailedTo}.`
                : `The quote link was not emailed to ${link.name}: send it yourself.`}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Quote link for {link.name} (valid 30 days, single use). Copy it now: it is not stored.
            </Typography>
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                value={link.url}
                slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Quote link' } }}
              />
              <Button onClick={copy} variant="outlined">
                Copy
              </Button>
            </Stack>
          </Alert>
        )}
        {error ? (
          <Alert severity="error">Could not load the quotes: {error}</Alert>
        ) : loading ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : leads.length === 0 ? (
          <Typography color="text.secondary">No quotes are waiting for review.</Typography>
        ) : (
          <Stack spacing={2}>
            {leads.map((l) => (
              <Card key={l.id} component="article" aria-label={`Quote for ${l.name}`}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                    <Typography variant="h6" component="h3">
                      {l.name}
                    </Typography>
                    <Chip size="small" label={l.projectType} />
                    {l.complexity && <Chip size="small" variant="outlined" label={`${l.complexity} complexity`} />}
                    <Chip
                      size="small"
                      color={
                        l.quoteReviewStatus === 'Approved'
                          ? 'success'
                          : l.quoteReviewStatus === 'Needs Revision'
                            ? 'warning'
                            : 'default'
                      }
                      label={l.quoteReviewStatus ?? 'No quote'}
                    />
                  </Stack>
                  <QuoteBreakdown details={parseQuoteDetails(l.generatedQuoteDetails)} />
                  <ServicePlanLine plan={quoteServicePlan(l)} />
                </CardContent>
                <CardActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <ContractPicker
                    label={`Contract for ${l.name}`}
                    value={contracts[l.id] ?? NO_CONTRACT}
                    onChange={(id) => setContracts((c) => ({ ...c, [l.id]: id }))}
                  />
                  <Button ref={backToEdited(l)} onClick={() => edit(l)} disabled={busy === l.id}>
                    Edit
                  </Button>
                  <Button
                    color="warning"
                    onClick={() => act(l, 'revise')}
                    disabled={busy === l.id || l.quoteReviewStatus === 'Needs Revision'}
                  >
                    Revise
                  </Button>
                  <Button variant="contained" onClick={() => approve(l)} disabled={busy === l.id}>
                    Approve
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <Dialog
        open={replacing !== null}
        onClose={() => setReplacing(null)}
        aria-labelledby="quote-replace-title"
        aria-describedby="quote-replace-text"
      >
        <DialogTitle id="quote-replace-title">Replace the sent quote link?</DialogTitle>
        <DialogContent>
          <DialogContentText id="quote-replace-text">
            The quote for {replacing?.name} is already approved and its link may have been sent. Approving again issues
            a new link and the link already sent stops working.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReplacing(null)}>Cancel</Button>
          <Button variant="contained" onClick={confirmReplace}>
            Approve and replace link
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
