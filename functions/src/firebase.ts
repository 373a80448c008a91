/** Firebase Admin handles shared by the functions (initialised once per instance). */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

if (getApps().length === 0) initializeApp();

export const db = getFirestore();
export const auth = getAuth();

/** Firestore collection names (spec §3). */
export const COLLECTIONS = {
  users: 'users',
  contacts: 'contacts',
  leads: 'leads',
  notes: 'notes',
  projects: 'projects',
  promoCodes: 'promo_codes',
  leadActivity: 'lead_activity',
  quoteVersions: 'quote_versions',
  quoteLinks: 'quote_links',
  quoteAcceptances: 'quote_acceptances',
  outbox: 'outbox',
} as const;
