/**
 * Stored-record fixtures shared by the API and end-to-end tests: documents
 * written with the Admin SDK exactly as the CRM leaves them (money in cents).
 * No imports of tests/helpers.ts: Playwright specs use this too, with their own Firestore.
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, ledgerMonths, newProjectRecord } from '@studio/domain';

/** A lead after an accepted quote: Set Up, $4,000 quote, 50% deposit. Any field can be overridden. */
export function quotedLeadDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Date.now();
  return {
    name: 'Ava Client',
    email: 'ava.client@example.com',
    phone: null,
    projectType: 'Web Project',
    subject: 'Client site',
    message: 'Private message',
    status: 'Set Up',
    quoteAmountCents: 400_000,
    depositAmountCents: 200_000,
    finalAmountCents: 200_000,
    estimatedHours: 40,
    complexity: 'Medium',
    hasProjectPlan: true,
    quoteGenerated: true,
    quoteReviewStatus: 'Approved',
    forceDeposit: true,
    quoteAccepted: true,
    includeServicePlan: false,
    servicePlanType: null,
    notes: '',
    deadReason: null,
    createdAt: Timestamp.fromMillis(now),
    updatedAt: Timestamp.fromMillis(now),
    ...over,
  };
}

/** The fields of a lead before any quote (no plan, no amounts): spread into storeLead's overrides. */
export const NO_QUOTE = {
  quoteGenerated: false,
  hasProjectPlan: false,
  quoteReviewStatus: null,
  quoteAccepted: false,
  quoteAmountCents: null,
  depositAmountCents: null,
  finalAmountCents: null,
} as const;

/** Stores quotedLeadDoc(over) as a new lead in `db`; returns its id. */
export async function storeLead(db: Firestore, over: Record<string, unknown> = {}): Promise<string> {
  const ref = db.collection('leads').doc();
  await ref.set(quotedLeadDoc(over));
  return ref.id;
}

/**
 * A project as the CRM stores it: domain `newProjectRecord` (status "Set up",
 * Web Project, Medium, 40 h) with no dates, created now. Any field can be overridden.
 */
export function projectDoc(
  over: { leadId: string | null; name: string; client: string } & Record<string, unknown>,
): Record<string, unknown> {
  const now = Timestamp.now();
  const base = newProjectRecord({
    leadId: over.leadId,
    name: over.name,
    client: over.client,
    projectType: 'Web Project',
    description: '',
    priority: 'Medium',
    estimatedHours: 40,
  });
  return { ...base, startDate: null, dueDate: null, createdAt: now, updatedAt: now, ...over };
}

/**
 * A succeeded payment as the fulfilment records it: its `payments` record and
 * its ledger entry (domain billing.ts), so the books of the tests' data
 * balance (npm run books:check). Amounts in cents.
 */
export async function storePaidPayment(
  db: Firestore,
  p: {
    id: string;
    leadId: string;
    purpose: 'invoice' | 'deposit' | 'final';
    amountCents: number;
    /** The billable document the entry pays (none: the lead's, as before any request was issued). */
    document?: { kind: 'request' | 'invoice'; id: string };
  },
): Promise<void> {
  const at = Timestamp.now();
  const batch = db.batch();
  batch.set(db.collection('payments').doc(p.id), {
    leadId: p.leadId,
    purpose: p.purpose,
    status: 'succeeded',
    amountCents: p.amountCents,
    amountReceivedCents: p.amountCents,
    currency: 'usd',
    paidAt: at,
  });
  // As the server's writer (functions features/billing/ledger.ts) writes it: the entry, and its month's totals.
  batch.create(db.collection(COLLECTIONS.ledgerEntries).doc(`payment-${p.id}`), {
    type: 'payment',
    amountCents: p.amountCents,
    currency: 'usd',
    documentKind: p.document?.kind ?? null,
    documentId: p.document?.id ?? null,
    documentNumber: null,
    number: null,
    leadId: p.leadId,
    customerEmail: null,
    customerName: null,
    paymentIntentId: p.id,
    reference: null,
    stripeEventId: null,
    reason: null,
    by: 'test',
    at,
  });
  // A payment request not issued yet lists the entry among its early ones (billingStore writeLedgerEntryIn).
  if (p.document?.kind === 'request')
    batch.set(
      db.collection(COLLECTIONS.ledgerEarlyEntries).doc(p.document.id),
      { entryIds: FieldValue.arrayUnion(`payment-${p.id}`) },
      { merge: true },
    );
  const [month] = ledgerMonths([{ type: 'payment', amountCents: p.amountCents, at: at.toDate() }]);
  batch.set(
    db.collection(COLLECTIONS.ledgerMonths).doc(month!.month),
    { month: month!.month, cashCents: FieldValue.increment(month!.cashCents), entries: FieldValue.increment(1) },
    { merge: true },
  );
  await batch.commit();
}

/** A project plan as the plan form sends it (POST /api/leads/:id/plan). */
export const PLAN = {
  complexity: 'Medium',
  timeline: '6 weeks',
  requirements: 'Online shop with a product catalogue and a blog',
  estimatedHours: 40,
  phase1: 'Design the pages',
  phase2: 'Build the shop',
};

/** A drawn signature: a real 1×1 PNG as a data URL. */
export const SIGNATURE_DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';
