/**
 * The admin's live data layer: thin hooks over reactfire, one Firestore
 * listener per board (never one per card). Documents come back as domain
 * records (cents, Dates) with their id.
 */
import { useEffect, useMemo, useState } from 'react';
import { collection, onSnapshot, orderBy, query } from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import { reviveDates, type LeadRecord } from '@studio/domain';
import { leadsQuery } from './FirestoreScope';

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

/** Every lead, newest first, kept live (one listener). */
export function useLiveLeads(): LiveList<LeadView> {
  const firestore = useFirestore();
  const q = useMemo(() => leadsQuery(firestore), [firestore]);
  const { status, data, error } = useFirestoreCollectionData(q, { idField: 'id' });
  const leads = useMemo(() => (data ?? []).map((d) => reviveDates(d) as unknown as LeadView), [data]);
  return { status, data: leads, error };
}

export interface PromoCodeView {
  id: string;
  code: string;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  isActive: boolean;
  usedCount: number;
  usageLimit: number | null;
}

/** Every promo code, by code (one listener). */
export function useLivePromoCodes(): LiveList<PromoCodeView> {
  const firestore = useFirestore();
  const promoQuery = useMemo(() => query(collection(firestore, 'promo_codes'), orderBy('code')), [firestore]);
  const { status, data, error } = useFirestoreCollectionData(promoQuery, { idField: 'id' });
  return { status, data: (data ?? []) as PromoCodeView[], error };
}

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
  const projectsQuery = useMemo(() => query(collection(firestore, 'projects'), orderBy('createdAt', 'desc')), [firestore]);
  const { status, data, error } = useFirestoreCollectionData(projectsQuery, { idField: 'id' });
  const projects = useMemo(() => (data ?? []).map((d) => reviveDates(d) as unknown as ProjectView), [data]);
  return { status, data: projects, error };
}

export interface InvoiceView {
  id: string;
  leadId: string;
  amountCents: number;
  description: string;
  dueDate: Date | null;
  status: 'open' | 'paid';
  createdAt: Date | null;
  paidAt: Date | null;
  paymentIntentId: string | null;
  checkoutUrl: string | null;
}

/**
 * Every invoice, newest first, kept live (one listener). Unlike the hooks
 * above, a refused or failed read does not throw: it comes back as
 * `status: 'error'`, since invoices are an extra on the pages that show them.
 */
export function useLiveInvoices(): LiveList<InvoiceView> {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveList<InvoiceView>>({ status: 'loading', data: [] });
  useEffect(() => {
    const invoicesQuery = query(collection(firestore, 'invoices'), orderBy('createdAt', 'desc'));
    return onSnapshot(
      invoicesQuery,
      (snap) => setState({ status: 'success', data: snap.docs.map((d) => ({ ...(reviveDates(d.data()) as unknown as InvoiceView), id: d.id })) }),
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [firestore]);
  return state;
}
