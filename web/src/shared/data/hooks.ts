/**
 * The admin's live data layer: thin hooks over reactfire, one Firestore
 * listener per board (never one per card). Documents come back as domain
 * records (cents, Dates) with their id, parsed with the domain's stored
 * document schemas (domain/storedDocuments.ts). A document that does not
 * parse is left out of its list with a console.error (one bad document does
 * not blank a whole board); a refused or failed read never
 * throws: it comes back as `status: 'error'`, so one failed listener (say,
 * promo codes) does not take down the page around it; a list that cannot
 * reach Firestore keeps loading rather than show an empty cache (./confirmed.ts),
 * and one whose stream delivers nothing while online restarts it (./stallWatch.ts).
 * A refusal (permission-denied) shows as an error only while the session is
 * good: a session ended by a logout elsewhere signs out instead (./sessionCheck.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import {
  collection,
  doc,
  documentId,
  getDocs,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  where,
  type FirestoreError,
  type Query,
  type QuerySnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import type { z } from 'zod';
import {
  adminSessionDocSchema,
  COLLECTIONS,
  decodeBoardCard,
  LEAD_BOARD_META_ID,
  leadBoardNeedsRebuild,
  QUOTE_AWAITING_REVIEW,
  invoiceDocSchema,
  leadBoardShardDocSchema,
  leadDocSchema,
  ledgerEntryDocSchema,
  ledgerMonthDocSchema,
  LEDGER_ENTRY_TYPES,
  type LedgerMonthDoc,
  type InvoiceStatus,
  orderDocSchema,
  paymentDocSchema,
  subscriptionDocSchema,
  type LedgerEntryDoc,
  type SubscriptionDoc,
  type OrderDoc,
  type PaymentDoc,
  paymentRequestDocSchema,
  projectDocSchema,
  promoCodeDocSchema,
  quoteAwaitsReview,
  type BoardCard,
  type EncodedBoardCard,
  type PromoCodeDoc,
  type LeadRecord,
  messageDocSchema,
  messageThreadDocSchema,
  THREAD_MESSAGES_SHOWN,
  type MessageDoc,
  type MessageThreadDoc,
} from '@studio/domain';
import { invoicingLeadsQuery, leadBoardQuery, leadsQuery } from './FirestoreScope';
import { confirmedSnapshots } from './confirmed';
import { watchFirstSnapshot } from './stallWatch';
import { unlessSessionEnded } from './sessionCheck';

/** What the server writes on a lead when a payment succeeds (absent until then). */
export interface LeadPaymentFields {
  stripeDepositPaymentId?: string | null;
  stripeFinalPaymentId?: string | null;
  depositPaidAt?: Date | null;
  finalPaidAt?: Date | null;
}

export type LeadView = LeadRecord & LeadPaymentFields & { id: string };

export interface LiveList<T> {
  status: 'loading' | 'error' | 'success';
  data: T[];
  error?: Error;
}

/** A lead as the CRM board knows it: its card (domain/leadBoard.ts) and id. */
export type BoardLead = BoardCard & { id: string };

/** A card's creation time (ms); 0 when unknown (an invalid Date), so such cards sort last. */
const createdMs = (l: BoardLead) =>
  l.createdAt instanceof Date && !Number.isNaN(l.createdAt.getTime()) ? l.createdAt.getTime() : 0;
/** Newest first, as the leads query orders them; ties by id so the order is stable. */
const newestFirst = (a: BoardLead, b: BoardLead) =>
  createdMs(b) - createdMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One shard's cards: each lead's stored text and the card decoded from it. */
type ShardCards = Map<string, { text: EncodedBoardCard; lead: BoardLead }>;

/** The card `text` holds (decodeBoardCard) with its id; null, logged with console.error, when it is not a card. */
function decodedCard(id: string, text: EncodedBoardCard): BoardLead | null {
  try {
    return { ...decodeBoardCard(text), id };
  } catch (err) {
    console.error(`Board card of lead ${id} does not parse; left out (run \`npm run board:rebuild\`)`, err);
    return null;
  }
}

/**
 * The cards of one `lead_board` shard (domain leadBoardShardDocSchema); a card whose stored text did not
 * change keeps its previous object. A card that does not parse is left out
 * (decodedCard), so one bad card does not blank the board.
 */
function shardCards(shard: StoredDoc, previous: ShardCards | undefined): ShardCards {
  const out: ShardCards = new Map();
  const parsed = parsedDoc(leadBoardShardDocSchema, shard);
  for (const [id, text] of Object.entries(parsed?.cards ?? {})) {
    if (text === null) continue; // not a card this release wrote (run `npm run board:rebuild`)
    const old = previous?.get(id);
    if (old && old.text === text) {
      out.set(id, old);
      continue;
    }
    const lead = decodedCard(id, text);
    if (lead) out.set(id, { text, lead });
  }
  return out;
}

/** The live board: its cards, and whether the server could not write some card (the board needs a rebuild). */
export type LiveBoard = LiveList<BoardLead> & { needsRebuild?: boolean };

/**
 * Every lead's board card, newest first, kept live: one listener on the
 * `lead_board` projection (its shards whatever the number of leads, kept by
 * the server, and its `_meta` document, read for `needsRebuild`). A change
 * re-reads only the shards it touched, and a card that did not change keeps
 * its object, so memoized cards and columns do not render again.
 */
export function useLiveBoard(): LiveBoard {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveBoard>({ status: 'loading', data: [] });
  useEffect(() => {
    const shards = new Map<string, ShardCards>();
    let needsRebuild = false;
    return listenToList(
      leadBoardQuery(firestore),
      (snap) => {
        for (const change of snap.docChanges()) {
          if (change.doc.id === LEAD_BOARD_META_ID)
            needsRebuild = change.type !== 'removed' && leadBoardNeedsRebuild(change.doc.data());
          else if (change.type === 'removed') shards.delete(change.doc.id);
          else shards.set(change.doc.id, shardCards(change.doc, shards.get(change.doc.id)));
        }
        const data: BoardLead[] = [];
        for (const cards of shards.values()) for (const { lead } of cards.values()) data.push(lead);
        setState({ status: 'success', data: data.sort(newestFirst), needsRebuild });
      },
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [firestore]);
  return state;
}

/**
 * onSnapshot for a page's list: `next` gets the snapshots confirmedSnapshots
 * lets through, and the listener asks for metadata changes, without which the
 * server confirming an empty list after an offline start never arrives. A
 * list that shows nothing for a while although the browser is online gets its
 * stream restarted (./stallWatch.ts). A refusal reaches `error` only while the
 * session is good (./sessionCheck.ts).
 */
function listenToList(q: Query, next: (snap: QuerySnapshot) => void, error: (e: FirestoreError) => void): Unsubscribe {
  const settled = watchFirstSnapshot(q.firestore);
  const refused = unlessSessionEnded(error);
  const stop = onSnapshot(
    q,
    { includeMetadataChanges: true },
    confirmedSnapshots((snap: QuerySnapshot) => {
      settled();
      next(snap);
    }),
    (e) => {
      settled();
      refused(e);
    },
  );
  return () => {
    settled();
    stop();
  };
}

/** A stored document as read by the web SDK: its id and data. */
type StoredDoc = { id: string; ref: { path: string }; data(): unknown };

/**
 * `d` parsed with `schema` (timestamps as Dates), with its id; null when it
 * does not parse, logged with console.error so the bad document can be found
 * and fixed while the rest of the board shows.
 */
function parsedDoc<S extends z.ZodType<object>>(schema: S, d: StoredDoc): (z.output<S> & { id: string }) | null {
  const parsed = schema.safeParse(d.data());
  if (parsed.success) return { ...parsed.data, id: d.id };
  console.error(`Stored document ${d.ref.path} does not parse; left out`, parsed.error.issues);
  return null;
}

/** The documents of `snap` that parse with `schema`, in order; the others left out (parsedDoc). */
const parsedDocs = <S extends z.ZodType<object>>(schema: S, snap: QuerySnapshot) =>
  snap.docs.flatMap((d) => parsedDoc(schema, d) ?? []);

const leadOf = (d: StoredDoc): LeadView | null => parsedDoc(leadDocSchema, d);
const leadsOf = (snap: QuerySnapshot): LeadView[] => parsedDocs(leadDocSchema, snap);

/**
 * Keeps `q` live as `map(snapshot)`; no listener while `q` is null. A refused
 * or failed read does not throw: it comes back as `status: 'error'`. Give it
 * a memoized query and a module-level `map` (a new query listens again).
 */
function useLiveQuery<T>(q: Query | null, map: (snap: QuerySnapshot) => T[]): LiveList<T> {
  const [state, setState] = useState<LiveList<T>>({ status: 'loading', data: [] });
  useEffect(() => {
    if (!q) return;
    setState((cur) => (cur.status === 'loading' ? cur : { status: 'loading', data: [] }));
    return listenToList(
      q,
      (snap) => setState({ status: 'success', data: map(snap) }),
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [q, map]);
  return state;
}

/** One whole lead, kept live while `id` is set (a dialog's details); null while loading, when absent, or when `id` is null. */
export function useLiveLead(id: string | null): LeadView | null {
  const firestore = useFirestore();
  const [lead, setLead] = useState<LeadView | null>(null);
  useEffect(() => {
    setLead(null);
    if (!id) return;
    return onSnapshot(
      doc(firestore, COLLECTIONS.leads, id),
      (d) => setLead(d.exists() ? leadOf(d) : null), // a lead that does not parse reads as absent (logged)
      unlessSessionEnded(() => setLead(null)),
    );
  }, [firestore, id]);
  return lead;
}

/**
 * The last revocation time of the admin `uid` (whole seconds, when a logout
 * ended its sessions: `admin_sessions/{uid}`, domain adminSessionDocSchema),
 * kept live (one listener): null while it has none, undefined until the first
 * snapshot, and while `uid` is null or the document cannot be read. The rules
 * let the admin read this one document even with a token the logout ended, so
 * a tab learns of it within moments (features/auth SessionWatch). A refused
 * read goes through the session check (./sessionCheck.ts).
 */
export function useLiveSessionRevocation(uid: string | null): number | null | undefined {
  const firestore = useFirestore();
  const [state, setState] = useState<{ uid: string; revokedAt: number | null } | null>(null);
  useEffect(() => {
    if (!uid) return;
    return onSnapshot(
      doc(firestore, COLLECTIONS.adminSessions, uid),
      (d) => {
        if (!d.exists()) return setState({ uid, revokedAt: null });
        const parsed = adminSessionDocSchema.safeParse(d.data());
        if (parsed.success) return setState({ uid, revokedAt: parsed.data.revokedAtSeconds });
        // The rules refuse every read for it too: the refused lists take the session check.
        console.error(`Stored document ${d.ref.path} does not parse`, parsed.error.issues);
        setState(null);
      },
      unlessSessionEnded(() => setState(null)),
    );
  }, [firestore, uid]);
  return state && state.uid === uid ? state.revokedAt : undefined;
}

/**
 * The whole leads a quote review shows, kept live while `enabled`: the one
 * lead `leadId`, or every lead whose quote waits for review (quoteAwaitsReview:
 * Pending or Needs Revision, not accepted, not dead), newest first.
 */
export function useLiveQuoteQueue(enabled: boolean, leadId?: string): LiveList<LeadView> {
  const firestore = useFirestore();
  const q = useMemo(() => {
    if (!enabled) return null;
    const leads = collection(firestore, COLLECTIONS.leads);
    return leadId
      ? query(leads, where(documentId(), '==', leadId))
      : query(leads, where('quoteReviewStatus', 'in', [...QUOTE_AWAITING_REVIEW]));
  }, [firestore, enabled, leadId]);
  return useLiveQuery(q, leadId ? oneLead : waitingQuotes);
}

const newestLeadFirst = (a: LeadView, b: LeadView) => (b.createdAt?.getTime?.() ?? 0) - (a.createdAt?.getTime?.() ?? 0);
const oneLead = leadsOf;
const waitingQuotes = (snap: QuerySnapshot) => leadsOf(snap).filter(quoteAwaitsReview).sort(newestLeadFirst);

/** Every lead, newest first, kept live (one listener). */
export function useLiveLeads(): LiveList<LeadView> {
  const firestore = useFirestore();
  const q = useMemo(() => leadsQuery(firestore), [firestore]);
  return useLiveQuery(q, allLeads);
}

const allLeads = leadsOf;

/** The leads of the invoicing page (domain INVOICING_STATUSES), newest first, kept live (one listener). */
export function useLiveInvoicingLeads(): LiveList<LeadView> {
  const firestore = useFirestore();
  const q = useMemo(() => invoicingLeadsQuery(firestore), [firestore]);
  return useLiveQuery(q, newestInvoicingLeads);
}

const newestInvoicingLeads = (snap: QuerySnapshot) => leadsOf(snap).sort(newestLeadFirst);

/** A live promo code as stored (domain promoCodeDocSchema), with its id. */
export type PromoCodeView = PromoCodeDoc & { id: string };

/** Every promo code, by code (one listener). */
export function useLivePromoCodes(): LiveList<PromoCodeView> {
  const firestore = useFirestore();
  const promoQuery = useMemo(() => query(collection(firestore, COLLECTIONS.promoCodes), orderBy('code')), [firestore]);
  return useLiveQuery(promoQuery, promoCodesOf);
}

const promoCodesOf = (snap: QuerySnapshot): PromoCodeView[] => parsedDocs(promoCodeDocSchema, snap);

export interface ProjectView {
  id: string;
  leadId: string | null;
  name: string;
  client: string;
  projectType: string;
  description: string;
  status: import('@studio/domain').ProjectStatus;
  priority: 'High' | 'Medium' | 'Low';
  estimatedHours: number | null;
  deploymentUrl: string | null;
  domainUrl: string | null;
  handoffType: 'domain' | 'files' | null;
  launchDate: Date | null;
  maintenanceSubscriptionPaid: boolean;
  createdAt: Date | null;
}

/** Every project, newest first, kept live (one listener). */
export function useLiveProjects(): LiveList<ProjectView> {
  const firestore = useFirestore();
  const projectsQuery = useMemo(
    () => query(collection(firestore, COLLECTIONS.projects), orderBy('createdAt', 'desc')),
    [firestore],
  );
  return useLiveQuery(projectsQuery, projectsOf);
}

const projectsOf = (snap: QuerySnapshot): ProjectView[] => parsedDocs(projectDocSchema, snap);

/** The projects of lead `leadId`, kept live while it is set (one listener, for the lead's details). */
export function useLiveLeadProjects(leadId: string | null): LiveList<ProjectView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => (leadId ? query(collection(firestore, COLLECTIONS.projects), where('leadId', '==', leadId)) : null),
    [firestore, leadId],
  );
  return useLiveQuery(q, projectsOf);
}

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
  createdAt: Date | null;
  paidAt: Date | null;
  paymentIntentId: string | null;
  checkoutUrl: string | null;
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

/** Firestore's cap on the values of one `in` filter. */
const IN_LIMIT = 30;

/**
 * The entries whose `field` is one of `ids`: those of some documents
 * (`documentId`: invoice, payment request or order ids) or of some payments
 * (`paymentIntentId`), kept live: one listener per 30 ids. The Money page asks
 * only for the documents still open and the payments on its ledger page, so
 * this grows with what is owed and shown, not with the ledger.
 */
export function useLiveEntriesOf(
  field: 'documentId' | 'paymentIntentId',
  ids: readonly string[],
): LiveList<LedgerEntryView> {
  const firestore = useFirestore();
  const key = [...new Set(ids)].sort().join('\n');
  const [state, setState] = useState<LiveList<LedgerEntryView>>({ status: 'loading', data: [] });
  useEffect(() => {
    const all = key ? key.split('\n') : [];
    const chunks: string[][] = [];
    for (let i = 0; i < all.length; i += IN_LIMIT) chunks.push(all.slice(i, i + IN_LIMIT));
    if (chunks.length === 0) {
      setState({ status: 'success', data: [] });
      return;
    }
    setState({ status: 'loading', data: [] });
    const got = new Map<number, LedgerEntryView[]>();
    const stops = chunks.map((chunk, i) =>
      listenToList(
        query(collection(firestore, COLLECTIONS.ledgerEntries), where(field, 'in', chunk)),
        (snap) => {
          got.set(i, ledgerOf(snap));
          if (got.size === chunks.length) setState({ status: 'success', data: [...got.values()].flat() });
        },
        (error) => setState({ status: 'error', data: [], error }),
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [firestore, field, key]);
  return state;
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

/** A portal message thread (domain messageThreadDocSchema) with its id. */
export type MessageThreadView = MessageThreadDoc & { id: string };

/** The message threads of the client `email` (lowercased), newest message first, kept live while `email` is set. */
export function useLiveMessageThreads(email: string | null): LiveList<MessageThreadView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => (email ? query(collection(firestore, COLLECTIONS.messageThreads), where('email', '==', email)) : null),
    [firestore, email],
  );
  return useLiveQuery(q, threadsOf);
}

const threadsOf = (snap: QuerySnapshot): MessageThreadView[] =>
  parsedDocs(messageThreadDocSchema, snap).sort(
    (a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0),
  );

/** A portal message (domain messageDocSchema) with its id. */
export type MessageView = MessageDoc & { id: string };

/** The newest THREAD_MESSAGES_SHOWN messages of thread `threadId`, oldest first, kept live while it is set. */
export function useLiveThreadMessages(threadId: string | null): LiveList<MessageView> {
  const firestore = useFirestore();
  const q = useMemo(
    () =>
      threadId
        ? query(
            collection(firestore, COLLECTIONS.messages),
            where('threadId', '==', threadId),
            orderBy('at'),
            limitToLast(THREAD_MESSAGES_SHOWN),
          )
        : null,
    [firestore, threadId],
  );
  return useLiveQuery(q, messagesOf);
}

const messagesOf = (snap: QuerySnapshot): MessageView[] => parsedDocs(messageDocSchema, snap);
