/**
 * The client's quote acceptance page (spec §2 "Quote acceptance page", §4,
 * §7, §8): Invalid Quote Link, Quote Not Found, loading, or the quote with
 * details, summary, optional service plan, What Happens Next and Accept.
 * A quote approved with a contract shows its proposal (scope, timeline,
 * price, contract) and is accepted by signing it (ProposalSigning).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  QUOTE_EXPIRY_DAYS,
  QUOTE_NO_LONGER_AVAILABLE,
  quoteLinkAcceptedReply,
  quoteLinkReply,
  proposalViewReply,
  quoteServicePlan,
  servicePlanText,
  type ProposalViewReply,
  type QuoteLinkReply,
} from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { depositShare, QuoteBreakdown } from '../../../shared/components/QuoteBreakdown';
import { useToast } from '../../../shared/components/Toast';
import { ProposalSigning } from './ProposalSigning';

type State =
  | { kind: 'invalid' }
  | { kind: 'loading' }
  | { kind: 'notFound'; expired: boolean }
  | { kind: 'gone' }
  | { kind: 'ready'; quote: QuoteLinkReply; proposal: ProposalViewReply['proposal'] }
  | { kind: 'accepted'; message: string };

/** 409 from the link routes: the link died with its quote (lead lost, quote edited or superseded). */
const isGone = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.serverMessage === QUOTE_NO_LONGER_AVAILABLE;

function Message({ title, body }: { title: string; body: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{body}</Typography>
    </Container>
  );
}

export function QuoteAcceptancePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const leadId = params.get('leadId');
  const token = params.get('token');
  const [state, setState] = useState<State>(leadId && token ? { kind: 'loading' } : { kind: 'invalid' });
  const [accepting, setAccepting] = useState(false);

  useEffect(() => {
    if (!leadId || !token) return;
    let alive = true;
    const query = new URLSearchParams({ leadId, token }).toString();
    Promise.all([
      api.get(`/api/quote-acceptance?${query}`, quoteLinkReply),
      api.get(`/api/quote-acceptance/proposal?${query}`, proposalViewReply),
    ]).then(
      ([quote, { proposal }]) => alive && setState({ kind: 'ready', quote, proposal }),
      (e) =>
        alive &&
        setState(
          e instanceof ApiError && e.status === 400
            ? { kind: 'invalid' }
            : isGone(e)
              ? { kind: 'gone' }
              : { kind: 'notFound', expired: e instanceof ApiError && e.status === 410 },
        ),
    );
    return () => {
      alive = false;
    };
  }, [leadId, token]);

  const afterAcceptance = (r: { requiresPayment: boolean; checkoutUrl?: string; message?: string }) => {
    if (r.requiresPayment && r.checkoutUrl) navigate(r.checkoutUrl);
    else setState({ kind: 'accepted', message: r.message || 'We will be in touch to start your project.' });
  };

  const accept = async () => {
    setAccepting(true);
    try {
      const r = await api.post('/api/quote-acceptance/accept', { leadId, token }, quoteLinkAcceptedReply, {
        appCheck: true,
      });
      toast({ title: 'Quote Accepted!' });
      afterAcceptance(r);
    } catch (e) {
      if (isGone(e)) setState({ kind: 'gone' });
      else toast({ title: 'Failed to accept quote. Please try again or contact support.', severity: 'error' });
    } finally {
      setAccepting(false);
    }
  };

  if (state.kind === 'invalid')
    return (
      <Message
        title="Invalid Quote Link"
        body="This link is missing its quote reference. Please use the full link from your email."
      />
    );
  if (state.kind === 'loading') return <Loading label="Loading your quote..." />;
  if (state.kind === 'notFound')
    return (
      <Message
        title="Quote Not Found"
        body={
          state.expired
            ? `This quote link has expired (links are valid for ${QUOTE_EXPIRY_DAYS} days). Please contact us for a fresh one.`
            : 'We could not find this quote. Please check the link or contact us.'
        }
      />
    );
  if (state.kind === 'gone')
    return (
      <Message
        title={QUOTE_NO_LONGER_AVAILABLE}
        body="This quote has been withdrawn or replaced. Please contact us for the current quote."
      />
    );
  if (state.kind === 'accepted') return <Message title="Quote Accepted!" body={state.message} />;

  const { lead, quoteDetails } = state.quote;
  const plan = quoteServicePlan(lead);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="overline" color="primary">
        Your quote
      </Typography>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }} gutterBottom>
        {lead.subject}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap' }}>
        <Chip label={lead.projectType} />
        {lead.complexity && <Chip variant="outlined" label={`${lead.complexity} complexity`} />}
      </Stack>
      <Typography sx={{ mb: 3 }}>Hi {lead.name}, here is how your price was built.</Typography>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Summary
          </Typography>
          <QuoteBreakdown details={quoteDetails} />
        </CardContent>
      </Card>
      {plan && (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Service plan
            </Typography>
            <Typography>{servicePlanText(plan)}</Typography>
          </CardContent>
        </Card>
      )}
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            What Happens Next
          </Typography>
          <List dense>
            {[
              lead.forceDeposit
                ? `Pay the ${quoteDetails ? `${depositShare(quoteDetails)} ` : ''}deposit to reserve your start date.`
                : 'Accept, and we schedule your kickoff right away.',
              'We set up your project and share a timeline.',
              'You review a beta version before launch.',
              'We launch, hand over, and keep you supported.',
            ].map((t, i) => (
              <ListItem key={t} disableGutters>
                <ListItemText primary={`${i + 1}. ${t}`} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      {state.proposal && leadId && token ? (
        <ProposalSigning
          proposal={state.proposal}
          leadId={leadId}
          token={token}
          onSigned={afterAcceptance}
          onGone={() => setState({ kind: 'gone' })}
        />
      ) : lead.quoteAccepted ? (
        <Alert severity="success">This quote has already been accepted. Thank you!</Alert>
      ) : (
        <Button size="large" variant="contained" onClick={accept} disabled={accepting || !quoteDetails}>
          {accepting ? 'Accepting...' : 'Accept Quote'}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        This quote is valid for {QUOTE_EXPIRY_DAYS} days from when it was sent.
      </Typography>
    </Container>
  );
}
