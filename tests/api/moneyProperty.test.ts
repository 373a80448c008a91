/**
 * The books under random traffic (fast-check, a fixed seed): each run makes a
 * new client (an accepted lead with a deposit and a final payment, and an
 * admin invoice) and sends a random sequence of money actions in batches,
 * each batch's actions at once (Promise.all):
 * - payments in test mode: the lead's next stage or the invoice, completed by
 *   the test-mode confirmation or by a signed `payment_intent.succeeded`;
 * - signed Stripe events, built as Stripe builds them: `charge.refunded` with
 *   a cumulative `amount_refunded` (within the payment, one cent over it, far
 *   over it, in EUR), `charge.dispute.created` and `closed` (won, lost, a
 *   warning closed; alone in any order or one after the other as Stripe
 *   sends them; repeated under new event ids, lost before created,
 *   oversized, in EUR), sent once or twice at once, and exact redeliveries
 *   (same event id) of earlier ones;
 * - the owner's actions: CRM refunds (a share, one cent too many, all that is
 *   left) and the invoice's Void or Write off.
 * Events answered 503 (nothing written) are redelivered, as Stripe does.
 * After each sequence, over the run's own documents and payments:
 * (a) the books' rules (domain ledgerViolations, what books:check runs) find
 *     no broken entry;
 * (b) every document's `ledgerCents`, every payment entry's `refundedCents`
 *     and every payment's `amountRefundedCents` equal the sums of the entries,
 *     and no stored status contradicts the ledger;
 * (c) the lead's account statement (domain leadStatement over the stored
 *     documents, as Invoicing computes it) is what My Project, the portal, the
 *     Money page's outstanding list and the Open Invoices tile say, per
 *     document and in total;
 * (d) cash = payments − refunds − lost disputes, never negative per payment;
 * (e) every `recorded: true` CRM refund is in the ledger (and nothing else by
 *     the admin), every applied event wrote exactly its entries, a held or
 *     duplicate one none, each event id took effect at most once.
 * At the end books:check reports no mismatch that names the runs' data.
 *
 * 20 runs take about 2 to 2.5 minutes on a 2-core machine (each run is a few
 * seconds; concurrent refunds wait on the credit-note counter's lock).
 * MONEY_PROPERTY_SEED and MONEY_PROPERTY_RUNS override the seed and the
 * number of runs; MONEY_PROPERTY_SHRINK=1 lets fast-check shrink a failure
 * (each shrink step is a full run on the emulators: minutes).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import {
  cashOf,
  centsToString,
  clientLeadReply,
  invoiceDocSchema,
  leadDocSchema,
  leadPaymentRequests,
  leadStatement,
  ledgerEntryDocSchema,
  ledgerSums,
  ledgerViolations,
  nextPayment,
  OPEN_DOCUMENT_SUM_TYPES,
  owedOfOpenDocuments,
  parseAmountToCents,
  paymentDocSchema,
  paymentRequestDocSchema,
  portalOverviewReply,
  readStudioSettings,
  REFUND_REFUSALS,
  requestId,
  sameLedgerSums,
  statementStateText,
  studioDayStart,
  documentBalance,
  type LedgerEntryDoc,
  type LedgerSums,
} from '@studio/domain';
import { checkBooks } from '../../functions/src/features/billing/checkBooks.js';
import { outstanding } from '../../web/src/features/billing/money.js';
import { adminIdToken, api, db, eventually } from '../helpers.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';
import { sendWebhook } from './paymentFixtures.js';

const SEED = Number(process.env.MONEY_PROPERTY_SEED ?? 20_260_611);
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 20);
const SHRINK = process.env.MONEY_PROPERTY_SHRINK === '1';
const DAY_MS = 86_400_000;
const ADMIN = 'test-admin';

// ---------------------------------------------------------------------------
// The generated sequence
// ---------------------------------------------------------------------------

/** An amount relative to what a payment paid: a share of it (thousandths), one cent over it, or far over it. */
type Share = { share: number } | { over: 'cent' | 'huge' };
type Via = 'confirm' | 'webhook';
type DisputeOutcome = 'won' | 'lost' | 'warning_closed';
type Currency = 'usd' | 'eur';
/** Which of the run's payments an action aims at: an index into those made so far (modulo their count). */
type Pick = number;

type Action =
  | { kind: 'payLead'; via: Via }
  | { kind: 'payInvoice'; via: Via }
  | { kind: 'refundEvent'; pick: Pick; cumulative: Share; currency: Currency; copies: 1 | 2 }
  | { kind: 'crmRefund'; pick: Pick; amount: Share | 'rest' }
  | { kind: 'disputeCreated'; pick: Pick; dispute: 0 | 1; copies: 1 | 2 }
  | { kind: 'disputeClosed'; pick: Pick; dispute: 0 | 1; status: DisputeOutcome; copies: 1 | 2 }
  /** Stripe's order: the dispute opened, then (another event, later) closed. */
  | { kind: 'disputeLifecycle'; pick: Pick; dispute: 0 | 1; status: DisputeOutcome }
  | { kind: 'redeliver'; pick: Pick }
  | { kind: 'close'; how: 'void' | 'write-off' };

/** A dispute of a run, on whichever payment an action names: its amount and currency. */
interface DisputeSpec {
  amount: Share;
  currency: Currency;
}

interface Sequence {
  depositCents: number;
  finalCents: number;
  invoiceCents: number;
  /** The invoice's due day this many days ago (overdue), or null: due after the studio's terms. */
  invoiceOverdueDays: number | null;
  disputes: [DisputeSpec, DisputeSpec];
  batches: Action[][];
}

/** A share of the payment (thousandths), or one cent or far over it. */
const share: fc.Arbitrary<Share> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 1_000 }).map((s) => ({ share: s })) },
  { weight: 1, arbitrary: fc.constant({ over: 'cent' as const }) },
  { weight: 1, arbitrary: fc.constant({ over: 'huge' as const }) },
);
const via = fc.constantFrom<Via>('confirm', 'webhook');
const currency = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Currency>('usd') },
  { weight: 1, arbitrary: fc.constant<Currency>('eur') },
);
const copies = fc.oneof({ weight: 4, arbitrary: fc.constant<1>(1) }, { weight: 1, arbitrary: fc.constant<2>(2) });
const pick = fc.nat({ max: 2 });
// Mostly one dispute per payment, so that its opening and its outcome meet; a second one now and then.
const disputeNo = fc.oneof({ weight: 3, arbitrary: fc.constant<0>(0) }, { weight: 1, arbitrary: fc.constant<1>(1) });

const disputeOutcome = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<DisputeOutcome>('won', 'lost') },
  { weight: 1, arbitrary: fc.constant<DisputeOutcome>('warning_closed') },
);
const payLead = fc.record({ kind: fc.constant('payLead' as const), via });
const payInvoice = fc.record({ kind: fc.constant('payInvoice' as const), via });
/** Dispute 0 of a run is Stripe's usual: in USD, within what the payment paid (so its outcome can apply). */
const usualDispute: fc.Arbitrary<DisputeSpec> = fc.record({
  amount: fc.integer({ min: 1, max: 600 }).map((s) => ({ share: s })),
  currency: fc.constant<Currency>('usd'),
});
/** Dispute 1 may be anything: above the payment, in EUR. */
const anyDispute: fc.Arbitrary<DisputeSpec> = fc.record({ amount: share, currency });

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: payLead },
  { weight: 1, arbitrary: payInvoice },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refundEvent' as const),
      pick,
      cumulative: share,
      currency,
      copies,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('crmRefund' as const),
      pick,
      amount: fc.oneof({ weight: 4, arbitrary: share }, { weight: 1, arbitrary: fc.constant('rest' as const) }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('disputeCreated' as const), pick, dispute: disputeNo, copies }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('disputeClosed' as const),
      pick,
      dispute: disputeNo,
      status: disputeOutcome,
      copies,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('disputeLifecycle' as const),
      pick,
      dispute: disputeNo,
      status: disputeOutcome,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redeliver' as const), pick: fc.nat({ max: 50 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      how: fc.constantFrom<'void' | 'write-off'>('void', 'write-off'),
    }),
  },
);

const sequence: fc.Arbitrary<Sequence> = fc.record({
  depositCents: fc.integer({ min: 1_000, max: 50_000 }),
  finalCents: fc.integer({ min: 500, max: 50_000 }),
  invoiceCents: fc.integer({ min: 50, max: 200_000 }),
  invoiceOverdueDays: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
  disputes: fc.tuple(usualDispute, anyDispute),
  // A first batch of payments, so that most later actions have one to aim at; later batches pay too.
  batches: fc
    .tuple(
      fc.array(fc.oneof(payLead, payInvoice), { minLength: 1, maxLength: 2 }),
      fc.array(fc.array(action, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 5 }),
    )
    .map(([first, rest]) => [first, ...rest]),
});

// ---------------------------------------------------------------------------
// A run: its client, what it sent and what it was answered
// ---------------------------------------------------------------------------

interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

interface Delivery {
  status: number;
  outcome: string | null;
}

interface Run {
  tag: string;
  leadId: string;
  email: string;
  invoiceId: string;
  /** What the invoice bills, tax included (cents). */
  invoiceTotalCents: number;
  /** Every PaymentIntent made, in order, with what it asks (cents). */
  payments: Array<{ pi: string; amountCents: number }>;
  /** Every Stripe event sent, by id, with each delivery's answer. */
  events: Map<string, { event: StripeEvent; deliveries: Delivery[] }>;
  /** Test-mode confirmations: the intent and the status answered. */
  confirms: Array<{ pi: string; status: number }>;
  /** CRM refunds: the intent, the status, and what a 200 said. */
  refunds: Array<{
    pi: string;
    asked: number | null;
    status: number;
    cents?: number;
    recorded?: boolean;
    error?: string;
  }>;
  disputes: [DisputeSpec, DisputeSpec];
  log: string[];
}

let token = '';
let timeZone = 'UTC';
/** The ids of every run's lead, documents and payments: what the final books:check is filtered by. */
const ours = new Set<string>();
/** What the runs exercised ("charge.refunded applied", "CRM refund 409", "entry refund"...), printed at the end. */
const tally = new Map<string, number>();
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

const evtId = () => `evt_${randomUUID().replaceAll('-', '')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Cents of `s` on a payment of `paid` cents (at least 1). */
function centsOf(s: Share, paid: number): number {
  if ('share' in s) return Math.max(1, Math.round((paid * s.share) / 1_000));
  return s.over === 'cent' ? paid + 1 : 9_999_999;
}

const describeShare = (s: Share | 'rest') => (s === 'rest' ? 'rest' : 'share' in s ? `${s.share}‰` : `over:${s.over}`);

/** Sends `event` (signed as Stripe signs it) and records the answer. */
async function deliver(run: Run, event: StripeEvent): Promise<void> {
  const entry = run.events.get(event.id) ?? { event, deliveries: [] };
  run.events.set(event.id, entry);
  const res = await sendWebhook(event);
  const outcome = (res.json as { outcome?: string } | null)?.outcome ?? null;
  entry.deliveries.push({ status: res.status, outcome });
  count(`${event.type} ${res.status === 200 ? outcome : res.status}`);
  run.log.push(`  ${event.type} ${event.id} → ${res.status} ${outcome ?? JSON.stringify(res.json)}`);
}

async function sendCopies(run: Run, event: StripeEvent, n: 1 | 2): Promise<void> {
  await Promise.all(Array.from({ length: n }, () => deliver(run, event)));
}

/** A new client: an accepted lead (deposit, final) with a project, its deposit request issued, and an admin invoice. */
async function newRun(seq: Sequence): Promise<Run> {
  const tag = randomUUID().slice(0, 8);
  const email = `money.${tag}@example.com`;
  const leadId = await storeLead(db, {
    name: `Money ${tag}`,
    email,
    subject: `Money ${tag}`,
    quoteAmountCents: seq.depositCents + seq.finalCents,
    depositAmountCents: seq.depositCents,
    finalAmountCents: seq.finalCents,
  });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name: `Money ${tag}`, client: `Money ${tag}` }));
  const created = await api('POST', '/api/create-invoice', {
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { leadId, amount: centsToString(seq.invoiceCents), description: `Extra work ${tag}` },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const invoiceId = (created.json as { invoiceId: string }).invoiceId;
  const invoice = db.collection('invoices').doc(invoiceId);
  if (seq.invoiceOverdueDays !== null)
    await invoice.update({
      dueDate: Timestamp.fromDate(studioDayStart(new Date(Date.now() - seq.invoiceOverdueDays * DAY_MS), timeZone)),
    });
  await eventually(
    async () => (await db.collection('payment_requests').doc(requestId(leadId, 'deposit')).get()).exists,
    'the deposit request, issued at acceptance',
  );
  for (const id of [leadId, invoiceId, requestId(leadId, 'deposit'), requestId(leadId, 'final')]) ours.add(id);
  return {
    tag,
    leadId,
    email,
    invoiceId,
    invoiceTotalCents: Number((await invoice.get()).get('amountCents')),
    payments: [],
    events: new Map(),
    confirms: [],
    refunds: [],
    disputes: seq.disputes,
    log: [],
  };
}

/** The `payment_intent.succeeded` Stripe sends for test-mode intent `pi` (the metadata the server gave it). */
async function succeededEvent(pi: string): Promise<StripeEvent> {
  const p = paymentDocSchema.parse((await db.collection('payments').doc(pi).get()).data());
  const metadata: Record<string, string> = { purpose: p.purpose };
  if (p.leadId) metadata.leadId = p.leadId;
  if (p.invoiceId) metadata.invoiceId = p.invoiceId;
  const amount = p.amountCents ?? 0;
  return {
    id: evtId(),
    object: 'event',
    type: 'payment_intent.succeeded',
    created: now(),
    data: {
      object: {
        id: pi,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: 'usd',
        metadata,
      },
    },
  };
}

/** Checkout and payment as the client does: the PaymentIntent, then its completion. */
async function pay(run: Run, body: Record<string, string>, how: Via): Promise<void> {
  const intent = await api('POST', '/api/create-payment-intent', { body });
  run.log.push(`  create-payment-intent ${JSON.stringify(body)} → ${intent.status}`);
  expect([200, 409, 503], JSON.stringify(intent.json)).toContain(intent.status);
  if (intent.status !== 200) return;
  const reply = intent.json as { paymentIntentId: string; amount: string };
  const pi = reply.paymentIntentId;
  if (!run.payments.some((p) => p.pi === pi)) {
    run.payments.push({ pi, amountCents: parseAmountToCents(reply.amount)! });
    ours.add(pi);
  }
  if (how === 'webhook') return deliver(run, await succeededEvent(pi));
  const res = await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId: pi } });
  run.log.push(`  confirm ${pi} → ${res.status}`);
  expect([200, 503], JSON.stringify(res.json)).toContain(res.status);
  run.confirms.push({ pi, status: res.status });
  count(`confirm ${res.status}`);
}

/** A `charge.dispute.*` event of dispute `n` of the run on payment `p`, as Stripe sends it. */
function disputeEvent(
  run: Run,
  p: { pi: string; amountCents: number },
  n: 0 | 1,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  status: string,
): StripeEvent {
  const spec = run.disputes[n];
  return {
    id: evtId(),
    object: 'event',
    type,
    created: now(),
    data: {
      object: {
        id: `dp_${p.pi.slice(-12)}_${n}`,
        object: 'dispute',
        payment_intent: p.pi,
        charge: `ch_${p.pi.slice(-12)}`,
        amount: centsOf(spec.amount, p.amountCents),
        currency: spec.currency,
        status,
        reason: 'fraudulent',
      },
    },
  };
}

/** Runs one action against the payments made before its batch (`known`). */
async function perform(run: Run, a: Action, known: Run['payments'], pool: StripeEvent[]): Promise<void> {
  const target = (p: Pick) => known[p % known.length];
  switch (a.kind) {
    case 'payLead':
      return pay(run, { leadId: run.leadId }, a.via);
    case 'payInvoice':
      return pay(run, { invoiceId: run.invoiceId }, a.via);
    case 'redeliver': {
      const event = pool[a.pick % Math.max(1, pool.length)];
      return event ? deliver(run, event) : undefined;
    }
    case 'close': {
      const res = await api('POST', `/api/billing/invoices/${run.invoiceId}/${a.how}`, { token, body: {} });
      run.log.push(`  ${a.how} → ${res.status} ${JSON.stringify(res.json)}`);
      expect([200, 409, 503], JSON.stringify(res.json)).toContain(res.status);
      count(`${a.how} ${res.status}`);
      return;
    }
  }
  const p = target(a.pick);
  if (!p) return; // nothing paid yet to refund or dispute
  const paid = p.amountCents;
  switch (a.kind) {
    case 'refundEvent': {
      const event: StripeEvent = {
        id: evtId(),
        object: 'event',
        type: 'charge.refunded',
        created: now(),
        data: {
          object: {
            id: `ch_${p.pi.slice(-12)}`,
            object: 'charge',
            payment_intent: p.pi,
            amount: paid,
            amount_refunded: centsOf(a.cumulative, paid),
            currency: a.currency,
          },
        },
      };
      return sendCopies(run, event, a.copies);
    }
    case 'disputeCreated':
      return sendCopies(run, disputeEvent(run, p, a.dispute, 'charge.dispute.created', 'needs_response'), a.copies);
    case 'disputeClosed':
      return sendCopies(run, disputeEvent(run, p, a.dispute, 'charge.dispute.closed', a.status), a.copies);
    case 'disputeLifecycle':
      await deliver(run, disputeEvent(run, p, a.dispute, 'charge.dispute.created', 'needs_response'));
      return deliver(run, disputeEvent(run, p, a.dispute, 'charge.dispute.closed', a.status));
    case 'crmRefund': {
      const asked = a.amount === 'rest' ? null : centsOf(a.amount, paid);
      const res = await api('POST', `/api/billing/payments/${p.pi}/refund`, {
        token,
        body: asked === null ? {} : { amount: centsToString(asked) },
      });
      run.log.push(
        `  CRM refund ${describeShare(a.amount)} (${asked ?? 'rest'}) of ${p.pi} → ${res.status} ${JSON.stringify(res.json)}`,
      );
      const json = res.json as { amount?: string; recorded?: boolean; error?: string };
      count(`CRM refund ${res.status}${json.error ? ` ${json.error}` : ''}`);
      run.refunds.push({
        pi: p.pi,
        asked,
        status: res.status,
        cents: json.amount === undefined ? undefined : (parseAmountToCents(json.amount) ?? undefined),
        recorded: json.recorded,
        error: json.error,
      });
      return;
    }
  }
}

/** Stripe redelivers an event until it is answered 2xx: every event left with only 503s is sent again. */
async function redeliverUnanswered(run: Run): Promise<void> {
  for (const { event, deliveries } of run.events.values())
    for (let attempt = 0; !deliveries.some((d) => d.status === 200); attempt++) {
      expect(attempt, `event ${event.id} never answered 200`).toBeLessThan(5);
      await deliver(run, event);
    }
}

/** Waits for the leads trigger: every payment request the lead should have is issued, and marked paid once paid. */
async function settled(run: Run): Promise<void> {
  await eventually(async () => {
    const lead = leadDocSchema.parse((await db.collection('leads').doc(run.leadId).get()).data());
    for (const plan of leadPaymentRequests(run.leadId, lead)) {
      const req = await db.collection('payment_requests').doc(requestId(run.leadId, plan.purpose)).get();
      if (!req.exists || (plan.paymentIntentId && req.get('status') !== 'paid')) return false;
    }
    return true;
  }, 'the payment requests issued and settled by the leads trigger');
}

// ---------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------

type Entry = LedgerEntryDoc & { id: string };

/** The run's entries: on its lead, its documents or its payments (one query each, joined by id). */
async function entriesOfRun(run: Run): Promise<Entry[]> {
  const col = db.collection('ledger_entries');
  const queries = [
    col.where('leadId', '==', run.leadId),
    col.where('documentId', 'in', [run.invoiceId, requestId(run.leadId, 'deposit'), requestId(run.leadId, 'final')]),
    ...run.payments.map((p) => col.where('paymentIntentId', '==', p.pi)),
  ];
  const byId = new Map<string, Entry>();
  for (const snap of await Promise.all(queries.map((q) => q.get())))
    for (const d of snap.docs) byId.set(d.id, { id: d.id, ...ledgerEntryDocSchema.parse(d.data()) });
  return [...byId.values()];
}

const sum = (entries: readonly Entry[], type: string) =>
  entries.filter((e) => e.type === type).reduce((s, e) => s + e.amountCents, 0);

async function checkRun(run: Run): Promise<void> {
  const [entries, invoiceSnap, requestsSnap, leadSnap, paymentSnaps, events] = await Promise.all([
    entriesOfRun(run),
    db.collection('invoices').doc(run.invoiceId).get(),
    db.collection('payment_requests').where('leadId', '==', run.leadId).get(),
    db.collection('leads').doc(run.leadId).get(),
    Promise.all(run.payments.map((p) => db.collection('payments').doc(p.pi).get())),
    Promise.all([...run.events.keys()].map((id) => db.collection('stripe_events').doc(id).get())),
  ]);
  for (const e of entries) count(`entry ${e.type}`);
  const invoices = [{ id: run.invoiceId, ...invoiceDocSchema.parse(invoiceSnap.data()) }];
  const requests = requestsSnap.docs.map((d) => ({ id: d.id, ...paymentRequestDocSchema.parse(d.data()) }));
  const lead = leadDocSchema.parse(leadSnap.data());
  const payments = new Map(paymentSnaps.map((s) => [s.id, paymentDocSchema.parse(s.data())]));
  const entriesOf = (kind: 'invoice' | 'request', id: string) =>
    entries.filter((e) => e.documentKind === kind && e.documentId === id);
  const ofPayment = (pi: string) => entries.filter((e) => e.paymentIntentId === pi);

  // (a) No entry breaks a rule of the books (what books:check holds every entry to).
  const docs = new Map<string, true>([
    [`invoice/${run.invoiceId}`, true],
    ...requests.map((r) => [`request/${r.id}`, true] as const),
  ]);
  const violations = ledgerViolations(entries, {
    document: (kind, id) => (docs.has(`${kind}/${id}`) ? { currency: 'usd' } : null),
    leadExists: (id) => id === run.leadId,
    payment: (pi) => {
      const p = payments.get(pi);
      return p?.status === 'succeeded' ? { currency: p.currency ?? null } : null;
    },
  });
  expect(violations, '(a) the books’ rules').toEqual([]);
  for (const e of entries) expect(e.leadId, `(a) entry ${e.id} names the run's lead`).toBe(run.leadId);
  for (const e of entries)
    expect(docs.has(`${e.documentKind}/${e.documentId}`), `(a) entry ${e.id} names a document of the run`).toBe(true);

  // (b) The sums kept beside the entries are theirs, and no stored status contradicts the ledger.
  for (const d of [
    ...invoices.map((doc) => ({ kind: 'invoice' as const, doc })),
    ...requests.map((doc) => ({ kind: 'request' as const, doc })),
  ]) {
    const mine = entriesOf(d.kind, d.doc.id);
    const sums: LedgerSums = ledgerSums(mine);
    expect(
      sameLedgerSums(d.doc.ledgerCents, sums),
      `(b) ${d.doc.id} keeps ${JSON.stringify(d.doc.ledgerCents)}, its entries ${JSON.stringify(sums)}`,
    ).toBe(true);
    const balance = documentBalance(d.doc.amountCents, mine, { voided: d.doc.status === 'void' });
    if (d.doc.status === 'paid' || d.doc.status === 'uncollectible')
      expect(balance.status, `(b) ${d.doc.id} stored ${d.doc.status}`).not.toBe('open');
    if (d.doc.status === 'void') expect(balance.keptCents, `(b) ${d.doc.id} void with money kept`).toBe(0);
    if (d.doc.status === 'open' && balance.paidCents > 0)
      expect(balance.status, `(b) ${d.doc.id} stored open`).toBe('open');
    expect(balance.overpaidCents, `(b) ${d.doc.id} overpaid`).toBe(0);
  }
  for (const [pi, p] of payments) {
    const mine = ofPayment(pi);
    const paymentEntry = mine.find((e) => e.id === `payment-${pi}`);
    // (e) A test-mode or webhook payment that succeeded is in the ledger, for what it received; one held is not.
    expect(Boolean(paymentEntry), `(e) payment ${pi} is ${p.status}`).toBe(p.status === 'succeeded');
    expect(mine.filter((e) => e.type === 'payment').length, `(e) payment ${pi} entries`).toBe(paymentEntry ? 1 : 0);
    if (!paymentEntry) {
      expect(mine, `(e) entries on payment ${pi}, never applied`).toEqual([]);
      continue;
    }
    expect(paymentEntry.amountCents).toBe(p.amountReceivedCents);
    expect(paymentEntry.refundedCents, `(b) payment entry ${pi} refundedCents`).toBe(sum(mine, 'refund'));
    expect(p.amountRefundedCents ?? 0, `(b) payment ${pi} amountRefundedCents`).toBe(sum(mine, 'refund'));
    // (d) Cash kept on each payment: payments − refunds − lost disputes, never below 0; credits follow it.
    const kept = sum(mine, 'payment') - sum(mine, 'refund') - sum(mine, 'dispute_lost');
    expect(kept, `(d) cash kept on ${pi}`).toBeGreaterThanOrEqual(0);
    expect(sum(mine, 'credit_note'), `(d) credit notes on ${pi}`).toBe(sum(mine, 'refund'));
    expect(sum(mine, 'write_off'), `(d) write-offs on ${pi}`).toBe(sum(mine, 'dispute_lost'));
  }

  // (e) CRM refunds: `recorded: true` is in the ledger, by the admin, for what it said; nothing else is the admin's.
  // A refund past what the payment keeps is refused as such: never sent to the rules to be held (REFUND_HELD).
  const allowed409 = new Set<string>(Object.values(REFUND_REFUSALS));
  for (const r of run.refunds) {
    expect([200, 409, 503], JSON.stringify(r)).toContain(r.status);
    if (r.status === 409) expect(allowed409.has(r.error ?? ''), `(e) refusal ${r.error}`).toBe(true);
    if (r.status === 200) expect(r.recorded, '(e) test mode records at once').toBe(true);
    if (r.status === 200 && r.asked !== null) expect(r.cents).toBe(r.asked);
  }
  for (const p of run.payments) {
    const recorded = run.refunds
      .filter((r) => r.pi === p.pi && r.status === 200 && r.recorded)
      .map((r) => r.cents!)
      .sort((x, y) => x - y);
    const byAdmin = ofPayment(p.pi)
      .filter((e) => e.type === 'refund' && e.by === ADMIN)
      .map((e) => e.amountCents)
      .sort((x, y) => x - y);
    expect(byAdmin, `(e) CRM refunds recorded on ${p.pi}`).toEqual(recorded);
  }

  // (e) Each event took effect at most once, as its stored outcome says, with exactly its entries.
  const stored = new Map(events.map((s) => [s.id, s.data()]));
  for (const [id, { event, deliveries }] of run.events) {
    for (const d of deliveries) expect([200, 503], `(e) ${id} answered ${d.status}`).toContain(d.status);
    const outcomes = deliveries.filter((d) => d.status === 200).map((d) => d.outcome!);
    const effective = outcomes.filter((o) => o !== 'duplicate');
    expect(
      effective.length,
      `(e) ${id} took effect ${effective.length} times: ${outcomes.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    const outcome = effective[0] ?? 'duplicate';
    expect(stored.get(id)?.outcome, `(e) stripe_events/${id}`).toBe(outcome);
    // The rule that held it, or why (one line, without the payment's id).
    if (outcome === 'review') count(`held: ${String(stored.get(id)?.review).replace(/:.*$| pi_\S+/g, '')}`);
    const written = entries
      .filter((e) => e.stripeEventId === id)
      .map((e) => [e.type, e.amountCents] as const)
      .sort();
    const obj = event.data.object;
    if (event.type === 'payment_intent.succeeded') {
      const p = payments.get(String(obj.id));
      const entry = entries.find((e) => e.id === `payment-${String(obj.id)}`);
      if (outcome === 'applied') expect(p?.status, `(e) ${id} applied`).toBe('succeeded');
      if (outcome === 'review') expect(entry?.stripeEventId, `(e) ${id} held`).not.toBe(id);
      continue;
    }
    if (outcome !== 'applied') {
      expect(written, `(e) ${id} was ${outcome}: no entry`).toEqual([]);
      continue;
    }
    const amount = Number(obj.amount);
    if (event.type === 'charge.refunded') {
      if (written.length > 0) {
        expect(written.map(([t]) => t)).toEqual(['credit_note', 'refund']);
        expect(written[0]![1]).toBe(written[1]![1]);
        expect(written[0]![1]).toBeLessThanOrEqual(Number(obj.amount_refunded));
      }
    } else if (event.type === 'charge.dispute.created') expect(written).toEqual([['dispute_opened', amount]]);
    else if (obj.status === 'won') expect(written).toEqual([['dispute_won', amount]]);
    else if (obj.status === 'lost')
      expect(written).toEqual([
        ['dispute_lost', amount],
        ['write_off', amount],
      ]);
    else expect(written).toEqual([]);
  }
  for (const c of run.confirms)
    if (c.status === 200) expect(['succeeded', 'needs_review'], c.pi).toContain(payments.get(c.pi)?.status);

  // (c) One statement: Invoicing's, from the stored documents, is what every surface says.
  const nowDate = new Date();
  const invoicing = leadStatement({
    leadId: run.leadId,
    lead,
    documents: [...requests, ...invoices],
    now: nowDate,
    timeZone,
  });
  const money = centsToString;
  const shown = invoicing.lines.filter((l) => l.state !== 'void' && l.state !== 'written_off');
  const expectedLines = shown
    .map((l) => [
      l.document.id,
      money(l.owedCents),
      money(l.balance.refundedCents),
      statementStateText(l),
      l.overdueDays,
    ])
    .sort();
  // (d) The statement's cash is the ledger's.
  const docEntries = entries.filter((e) => docs.has(`${e.documentKind}/${e.documentId}`));
  expect(invoicing.totals.keptCents, '(d) kept').toBe(docEntries.reduce((s, e) => s + cashOf(e), 0));
  expect(invoicing.totals.paidCents, '(d) paid').toBe(sum(docEntries, 'payment'));
  expect(invoicing.totals.refundedCents, '(d) refunded').toBe(sum(docEntries, 'refund'));

  const [lookup, portalRes] = await Promise.all([
    api('GET', `/api/client-project?email=${encodeURIComponent(run.email)}`),
    emailLinkIdToken(run.email).then((t) => api('GET', '/api/portal/overview', { token: t })),
  ]);
  expect(lookup.status).toBe(200);
  const myLead = clientLeadReply.parse((lookup.json as { lead: unknown }).lead);
  const mine = myLead.statement!;
  expect([mine.owed, mine.overdue, mine.paidInFull], '(c) My Project totals').toEqual([
    money(invoicing.totals.owedCents),
    money(invoicing.totals.overdueCents),
    invoicing.paidInFull,
  ]);
  expect(
    mine.lines.map((l) => [l.id, l.owed, l.refunded, l.stateText, l.overdueDays]).sort(),
    '(c) My Project lines',
  ).toEqual(expectedLines);
  expect(
    mine.upcoming.map((u) => [u.kind, u.amount]),
    '(c) My Project upcoming',
  ).toEqual(invoicing.upcoming.map((u) => [u.purpose, money(u.amountCents)]));
  const next = nextPayment(invoicing);
  expect(myLead.amountDue, '(c) My Project amount due').toBe(next ? money(next.amountCents) : null);

  expect(portalRes.status).toBe(200);
  const portal = portalOverviewReply.parse(portalRes.json);
  expect(
    portal.invoices.map((i) => [i.id, i.owed, i.refunded, i.stateText, i.overdueDays]).sort(),
    '(c) portal invoices',
  ).toEqual(expectedLines);
  expect(
    portal.invoices.reduce((s, i) => s + parseAmountToCents(i.owed)!, 0),
    '(c) portal total owed',
  ).toBe(invoicing.totals.owedCents);
  for (const i of portal.invoices) expect(i.status, `(c) portal ${i.id}`).toBe(i.owed === '0.00' ? 'paid' : 'open');

  // The Money page's outstanding list for this client, and the Open Invoices tile's aggregation.
  const rows = outstanding(
    [
      ...invoices.map((doc) => ({ kind: 'invoice' as const, doc })),
      ...requests.map((doc) => ({ kind: 'request' as const, doc })),
    ],
    nowDate,
    run.email,
  );
  expect(rows.map((r) => [r.id, r.amountDueCents]).sort(), '(c) Money outstanding').toEqual(
    invoicing.lines
      .filter((l) => l.owedCents > 0)
      .map((l) => [l.document.id, l.owedCents])
      .sort(),
  );
  let tileOwed = 0;
  let tileOpen = 0;
  for (const name of ['invoices', 'payment_requests']) {
    const q = db.collection(name).where('status', '==', 'open').where('leadId', '==', run.leadId);
    const totals = (
      await q.aggregate({ count: AggregateField.count(), total: AggregateField.sum('amountCents') }).get()
    ).data();
    const sums: LedgerSums = {};
    for (const t of OPEN_DOCUMENT_SUM_TYPES)
      sums[t] = (await q.aggregate({ cents: AggregateField.sum(`ledgerCents.${t}`) }).get()).data().cents ?? 0;
    const part = owedOfOpenDocuments({ count: totals.count, totalCents: totals.total ?? 0, sums });
    tileOwed += part.owedCents;
    tileOpen += part.count;
  }
  expect([tileOpen, tileOwed], '(c) Open Invoices tile').toEqual([invoicing.openCount, invoicing.totals.owedCents]);
}

// ---------------------------------------------------------------------------

/** One generated sequence, end to end; a failure carries what was sent and answered. */
async function runSequence(seq: Sequence): Promise<void> {
  const run = await newRun(seq);
  try {
    for (const [i, batch] of seq.batches.entries()) {
      run.log.push(`batch ${i + 1}: ${batch.map((a) => a.kind).join(', ')}`);
      const known = [...run.payments];
      const pool = [...run.events.values()].map((e) => e.event);
      await Promise.all(batch.map((a) => perform(run, a, known, pool)));
    }
    await redeliverUnanswered(run);
    await settled(run);
    for (const id of run.events.keys()) ours.add(id);
    await checkRun(run);
    count('runs');
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    err.message = `${err.message}\n--- run ${run.tag} (lead ${run.leadId}, invoice ${run.invoiceId}, ${run.invoiceTotalCents} cents) ---\n${run.log.join('\n')}`;
    throw err;
  }
}

beforeAll(async () => {
  token = await adminIdToken();
  timeZone = readStudioSettings((await db.collection('settings').doc('studio').get()).data() ?? {}).timeZone;
});

describe('the books under random payments, refunds, disputes and duplicates', () => {
  it(
    `${RUNS} random sequences (seed ${SEED}) keep every invariant and one statement on every surface`,
    { timeout: 600_000 },
    async () => {
      await fc
        .assert(fc.asyncProperty(sequence, runSequence), {
          numRuns: RUNS,
          seed: SEED,
          endOnFailure: !SHRINK,
          verbose: true,
        })
        .catch((e: unknown) => {
          // fast-check keeps the run's own error as the cause: lead with it, so a one-line summary names it.
          const cause = e instanceof Error && e.cause instanceof Error ? e.cause : null;
          throw cause ? new Error(`${cause.message}\n${(e as Error).message}`, { cause }) : e;
        });
    },
  );

  it('books:check finds nothing wrong with what the sequences wrote', async () => {
    const report = await checkBooks(db);
    const named = report.mismatches.filter(
      (m) => m.startsWith('ledger month') || [...ours].some((id) => m.includes(id)),
    );
    expect(named).toEqual([]);
    console.log(
      `money property: ${[...tally]
        .sort()
        .map(([what, n]) => `${what}: ${n}`)
        .join('; ')}`,
    );
  });
});
