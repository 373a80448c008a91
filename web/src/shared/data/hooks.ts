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
import { collection, doc, documentId, onSnapshot, query, orderBy, where, type QuerySnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import {
  adminSessionDocSchema,
  COLLECTIONS,
  decodeBoardCard,
  LEAD_BOARD_META_ID,
  leadBoardChangesDocSchema,
  leadBoardChangesSeq,
  leadBoardNeedsRebuild,
  leadBoardShardCount,
  QUOTE_AWAITING_REVIEW,
  leadBoardShardDocSchema,
  leadDocSchema,
  projectDocSchema,
  promoCodeDocSchema,
  mergeLeadBoard,
  quoteAwaitsReview,
  type BoardChangesLayer,
  type BoardShardLayer,
  type BoardCard,
  type EncodedBoardCard,
  type PromoCodeDoc,
  type LeadRecord,
} from '@studio/domain';
import { invoicingLeadsQuery, leadBoardQuery, leadsQuery } from './FirestoreScope';
import { listenToList, parsedDoc, parsedDocs, useLiveQuery, type LiveList, type StoredDoc } from './liveQuery';
import { unlessSessionEnded } from './sessionCheck';
import type { ClientBillingFields } from '@studio/domain/invoiceTax';

export type { LiveList } from './liveQuery';

/** What the server writes on a lead when a payment succeeds (absent until then). */
export interface LeadPaymentFields {
  stripeDepositPaymentId?: string | null;
  stripeFinalPaymentId?: string | null;
  depositPaidAt?: Date | null;
  finalPaidAt?: Date | null;
}

/** A whole lead with its id and the client's billing fields (leadDocSchema's `billing`; each null until set). */
export type LeadView = LeadRecord & LeadPaymentFields & { id: string; billing: ClientBillingFields };

const NO_BILLING: ClientBillingFields = { company: null, address: null, country: null, taxId: null };
const leadOf = (d: StoredDoc): LeadView | null => {
  const lead = parsedDoc(leadDocSchema, d);
  return lead && { ...lead, billing: lead.billing ?? NO_BILLING };
};
const leadsOf = (snap: QuerySnapshot): LeadView[] => snap.docs.flatMap((d) => leadOf(d) ?? []);

/** A lead as the CRM board knows it: its card (domain/leadBoard.ts) and id. */
export type BoardLead = BoardCard & { id: string };

/** A card's creation time (ms); 0 when unknown (an invalid Date), so such cards sort last. */
const createdMs = (l: BoardLead) =>
  l.createdAt instanceof Date && !Number.isNaN(l.createdAt.getTime()) ? l.createdAt.getTime() : 0;
/** Newest first, as the leads query orders them; ties by id so the order is stable. */
const newestFirst = (a: BoardLead, b: BoardLead) =>
  createdMs(b) - createdMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The card `text` holds (decodeBoardCard) with its id; null, logged with console.error, when it is not a card. */
function decodedCard(id: string, text: EncodedBoardCard): BoardLead | null {
  try {
    return { ...decodeBoardCard(text), id };
  } catch (err) {
    console.error(`Board card of lead ${id} does not parse; left out (run \`npm run board:rebuild\`)`, err);
    return null;
  }
}

/** The live board: its cards, and whether the server could not write some card (the board needs a rebuild). */
export type LiveBoard = LiveList<BoardLead> & { needsRebuild?: boolean };

/**
 * Every lead's board card, newest first, kept live: one listener on the
 * `lead_board` projection (its shards, its few recent-changes documents and
 * its `_meta`, read for the shard count and `needsRebuild`; all kept by the
 * server), merged by the domain's rule (mergeLeadBoard: a lead's newest
 * change above its shard's `through`, else its shard's card). A lead change
 * delivers one small changes document; only the documents a snapshot
 * changed are parsed again, and a card whose text did not change keeps its
 * object, so memoized cards and columns do not render again.
 */
export function useLiveBoard(): LiveBoard {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveBoard>({ status: 'loading', data: [] });
  useEffect(() => {
    const shards = new Map<string, BoardShardLayer>();
    const changes = new Map<string, BoardChangesLayer>();
    let cards = new Map<string, { text: EncodedBoardCard; lead: BoardLead | null }>();
    let meta: unknown = {};
    return listenToList(
      leadBoardQuery(firestore),
      (snap) => {
        for (const change of snap.docChanges()) {
          const id = change.doc.id;
          const seq = leadBoardChangesSeq(id);
          const removed = change.type === 'removed';
          if (id === LEAD_BOARD_META_ID) meta = removed ? {} : change.doc.data();
          else if (seq !== null) {
            const parsed = removed ? null : parsedDoc(leadBoardChangesDocSchema, change.doc);
            if (parsed) changes.set(id, { seq, cards: parsed.cards });
            else changes.delete(id);
          } else {
            const parsed = removed ? null : parsedDoc(leadBoardShardDocSchema, change.doc);
            if (parsed) shards.set(id, parsed);
            else shards.delete(id);
          }
        }
        const merged = mergeLeadBoard(leadBoardShardCount(meta), shards, [...changes.values()]);
        const next: typeof cards = new Map();
        const data: BoardLead[] = [];
        for (const [id, text] of merged) {
          const old = cards.get(id);
          const entry = old && old.text === text ? old : { text, lead: decodedCard(id, text) };
          next.set(id, entry);
          if (entry.lead) data.push(entry.lead);
        }
        cards = next;
        setState({ status: 'success', data: data.sort(newestFirst), needsRebuild: leadBoardNeedsRebuild(meta) });
      },
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [firestore]);
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
