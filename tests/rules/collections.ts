/**
 * How firestore.rules treats each collection, as the rules matrix (firestore-rules.test.ts) checks it: read live by
 * the admin, server-only, or read only by its own user. Kept apart from the matrix so the unit tests check, without
 * the emulators, that every collection the code names is classified (tests/unit/collectionClassification.test.ts).
 */
import { COLLECTIONS } from '@studio/domain';

/** Collections the admin reads live (firestore.rules lists each). */
export const CRM_COLLECTIONS = [
  'leads',
  'contacts',
  'notes',
  'projects',
  'promo_codes',
  'orders',
  'payments',
  'invoices',
  'users',
  'lead_activity',
  'lead_board',
  'quote_versions',
  'quote_acceptances',
  'email_templates',
  'email_log',
  'settings',
  'payment_requests',
  'reminders',
  'ledger_entries',
  'ledger_months',
  'subscriptions',
  'proposals',
  'proposal_events',
  'message_threads',
  'messages',
];
/** Server-only collections (token hashes, queued emails, webhook ledger, limiter counters, idempotency keys) and anything unlisted. */
export const SERVER_ONLY = [
  'quote_links',
  'outbox',
  'stripe_events',
  'rate_limits',
  'counters',
  'ledger_early_entries',
  'idempotency_keys',
  'email_suppressions',
  'client_data_requests',
  'portal_sign_ins',
  'lead_files',
  'anything_else',
];
/**
 * Collections whose documents only their own user reads (tested in "sessions ended by a logout"): the matrix's
 * probe document is nobody's, so every cell of theirs is denied.
 */
export const OWN_DOCUMENT_ONLY = [COLLECTIONS.adminSessions];
export const ALL_COLLECTIONS = [...CRM_COLLECTIONS, ...SERVER_ONLY, ...OWN_DOCUMENT_ONLY];
