/**
 * The books' live lists (Invoicing, Money, Clients): invoices, payment
 * requests, the ledger and its month totals, orders, payments held for review
 * and hosting subscriptions, one listener each, parsed with the domain's
 * stored document schemas (./liveQuery.ts).
 */
import { useMemo } from 'react';
import { collection, getDocs, limit, orderBy, query, where, type QuerySnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import {
  COLLECTIONS,
  invoiceDocSchema,
  ledgerEntryDocSchema,
  ledgerMonthDocSchema,
  LEDGER_ENTRY_TYPES,
  orderDocSchema,
  paymentDocSchema,
  paymentRequestDocSchema,
  subscriptionDocSchema,
  type InvoiceStatus,
  type LedgerEntryDoc,
  type LedgerMonthDoc,
  type LedgerSums,
  type OrderDoc,
  type PaymentDoc,
  type SubscriptionDoc,
} from '@studio/domain';
import { parsedDocs, useLiveQuery, type LiveList } from './liveQuery';

export interface InvoiceView {
  id: string;
  leadId: string;
  /** INV-YYYY-NNNN (absent on invoices made before numbering). */
  number?: string | null;
  email: string | null;
  clientName: string | null;
  amountCents: number;
  description: string;
  dueDate: Date | null;
  status: InvoiceStatus;
  /** When it was issued (absent on older documents: createdAt then stands for it). */
  issuedAt?: Date | null;
  createdAt: Date | null;
  paidAt: Date | null;
  paymentIntentId: string | null;
  checkoutUrl: string | null;
  /** Its ledger entries' cents by type (domain ledgerSums), kept by the server with each entry. */
  ledgerCents: LedgerSums;
}

/** Every invoice, newest first, kept live (one listener). */
export function useLiveInvoices(): LiveList<InvoiceView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => query(collection(firestore, COLLECTIONS.invoices), orderBy('createdAt', 'desc')),
    [firestore],
  );
  return useLiveQuery(q, invoicesOf);
}

const invoicesOf = (snap: QuerySnapshot): InvoiceView[] => parsedDocs(invoiceDocSchema, snap);

/** A lead's numbered deposit or final payment request (`payment_requests`, written by the server). */
export type PaymentRequestView = Omit<InvoiceView, 'checkoutUrl'> & {
  purpose: 'deposit' | 'final';
  checkoutUrl: string | null;
};

/** Every payment request, newest first, kept live (one listener). */
export function useLivePaymentRequests(): LiveList<PaymentRequestView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => query(collection(firestore, COLLECTIONS.paymentRequests), orderBy('createdAt', 'desc')),
    [firestore],
  );
  return useLiveQuery(q, requestsOf);
}

const requestsOf = (snap: QuerySnapshot): PaymentRequestView[] => parsedDocs(paymentRequestDocSchema, snap);

/**
 * Lead `leadId`'s admin invoices and payment requests, kept live (one
 * listener each, filtered by lead): what the lead's details read its account
 * statement from.
 */
export function useLiveLeadDocuments(leadId: string): {
  status: LiveList<unknown>['status'];
  invoices: InvoiceView[];
  requests: PaymentRequestView[];
} {
  const firestore = useFirestore();
  const [qi, qr] = useMemo(
    () => [
      query(collection(firestore, COLLECTIONS.invoices), where('leadId', '==', leadId)),
      query(collection(firestore, COLLECTIONS.paymentRequests), where('leadId', '==', leadId)),
    ],
    [firestore, leadId],
  );
  const invoices = useLiveQuery(qi, invoicesOf);
  const requests = useLiveQuery(qr, requestsOf);
  const status = [invoices, requests].some((l) => l.status === 'error')
    ? 'error'
    : [invoices, requests].some((l) => l.status === 'loading')
      ? 'loading'
      : 'success';
  return { status, invoices: invoices.data, requests: requests.data };
}

/** One ledger entry (domain ledgerEntryDocSchema) with its id. */
export type LedgerEntryView = LedgerEntryDoc & { id: string };

/**
 * The newest `count` ledger entries, or every entry of `client` (an email,
 * lower case) when one is chosen, newest first, kept live (one listener): the
 * Money page's ledger table. The page never reads the whole ledger, so its
 * first render does not grow with it.
 */
export function useLiveLedger(count: number, client: string | null): LiveList<LedgerEntryView> {
  const firestore = useFirestore();
  const q = useMemo(() => {
    const ledger = collection(firestore, COLLECTIONS.ledgerEntries);
    return client
      ? query(ledger, where('customerEmail', '==', client), orderBy('at', 'desc'))
      : query(ledger, orderBy('at', 'desc'), limit(count));
  }, [firestore, count, client]);
  return useLiveQuery(q, ledgerOf);
}

const ledgerOf = (snap: QuerySnapshot): LedgerEntryView[] => parsedDocs(ledgerEntryDocSchema, snap);

/** Entry types that change a paid document after its payment: refunds, credit notes, disputes, write-offs. */
const ADJUSTMENT_TYPES = LEDGER_ENTRY_TYPES.filter((t) => t !== 'payment');

/**
 * Every ledger entry but payments (refunds, credit notes, disputes,
 * write-offs), kept live (one listener): what Invoicing shows under the
 * document they changed. They are few beside the payments.
 */
export function useLiveLedgerAdjustments(): LiveList<LedgerEntryView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => query(collection(firestore, COLLECTIONS.ledgerEntries), where('type', 'in', ADJUSTMENT_TYPES)),
    [firestore],
  );
  return useLiveQuery(q, ledgerOf);
}

/** The ledger's month totals (domain ledgerMonthDocSchema), kept live (one listener): revenue by month. */
export function useLiveLedgerMonths(): LiveList<LedgerMonthDoc & { id: string }> {
  const firestore = useFirestore();
  const q = useMemo(() => query(collection(firestore, COLLECTIONS.ledgerMonths)), [firestore]);
  return useLiveQuery(q, monthsOf);
}

const monthsOf = (snap: QuerySnapshot) => parsedDocs(ledgerMonthDocSchema, snap);

/** The whole ledger (or `client`'s), newest first, read once and parsed: the CSV export. */
export async function fetchLedger(
  firestore: ReturnType<typeof useFirestore>,
  client: string | null,
): Promise<LedgerEntryView[]> {
  const ledger = collection(firestore, COLLECTIONS.ledgerEntries);
  const q = client
    ? query(ledger, where('customerEmail', '==', client), orderBy('at', 'desc'))
    : query(ledger, orderBy('at', 'desc'));
  return ledgerOf(await getDocs(q));
}

/** A cart order (domain orderDocSchema) with its id. */
export type OrderView = OrderDoc & { id: string };

/** Every cart order, newest first, kept live (one listener): customers and their hosting. */
export function useLiveOrders(): LiveList<OrderView> {
  const firestore = useFirestore();
  const q = useMemo(() => query(collection(firestore, COLLECTIONS.orders), orderBy('createdAt', 'desc')), [firestore]);
  return useLiveQuery(q, ordersOf);
}

const ordersOf = (snap: QuerySnapshot): OrderView[] => parsedDocs(orderDocSchema, snap);

/** A payment as the Money page reads it (domain paymentDocSchema) with its id (the PaymentIntent). */
export type PaymentView = PaymentDoc & { id: string };

/** The payments held for review (a currency or amount that is not what was owed), kept live (one listener). */
export function useLivePaymentsToReview(): LiveList<PaymentView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => query(collection(firestore, COLLECTIONS.payments), where('status', '==', 'needs_review')),
    [firestore],
  );
  return useLiveQuery(q, paymentsOf);
}

const paymentsOf = (snap: QuerySnapshot): PaymentView[] => parsedDocs(paymentDocSchema, snap);

/** A hosting subscription (domain subscriptionDocSchema) with its id (its order's). */
export type SubscriptionView = SubscriptionDoc & { id: string };

/** Every hosting subscription, next renewal first, kept live (one listener). */
export function useLiveSubscriptions(): LiveList<SubscriptionView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => query(collection(firestore, COLLECTIONS.subscriptions), orderBy('currentPeriodEnd')),
    [firestore],
  );
  return useLiveQuery(q, subscriptionsOf);
}

const subscriptionsOf = (snap: QuerySnapshot): SubscriptionView[] => parsedDocs(subscriptionDocSchema, snap);
