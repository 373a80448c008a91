/**
 * Firestore collection names (spec §3), written once: the functions, the web
 * app's live reads, scripts and tests all name collections through this.
 */
export const COLLECTIONS = {
  users: 'users',
  contacts: 'contacts',
  leads: 'leads',
  notes: 'notes',
  projects: 'projects',
  promoCodes: 'promo_codes',
  /** Per-customer redemptions of a one-use-per-customer code: a subcollection of each promo code. */
  promoCustomers: 'customers',
  leadActivity: 'lead_activity',
  leadBoard: 'lead_board',
  quoteVersions: 'quote_versions',
  quoteLinks: 'quote_links',
  quoteAcceptances: 'quote_acceptances',
  outbox: 'outbox',
  emailLog: 'email_log',
  emailTemplates: 'email_templates',
  orders: 'orders',
  payments: 'payments',
  invoices: 'invoices',
  stripeEvents: 'stripe_events',
  paymentRequests: 'payment_requests',
  counters: 'counters',
  settings: 'settings',
  reminders: 'reminders',
  rateLimits: 'rate_limits',
  /** Every money movement (domain billing.ts): payments, refunds, credit notes, disputes, write-offs. */
  ledgerEntries: 'ledger_entries',
  /** The ledger's totals by UTC month (domain billing.ts ledgerMonthDocSchema), kept by the server beside each entry. */
  ledgerMonths: 'ledger_months',
  /**
   * `ledger_early_entries/{requestId}`: the ids of the ledger entries written for a payment request before it was
   * issued (domain billing.ts ledgerEarlyEntriesDocSchema), so the issuing transaction reads them by id. Server only.
   */
  ledgerEarlyEntries: 'ledger_early_entries',
  /** The first answer of each create-invoice Idempotency-Key, so a retry returns it and sends nothing. */
  idempotencyKeys: 'idempotency_keys',
  /** Hosting subscriptions from the cart (domain billing.ts subscriptionDocSchema), one per paid order. */
  subscriptions: 'subscriptions',
  /**
   * `admin_sessions/{uid}`: when the admin last logged out (domain adminSessionDocSchema). The rules refuse every
   * CRM read by an ID token signed in before it; the admin's own tab listens to it to leave at once.
   */
  adminSessions: 'admin_sessions',
  /** Addresses SendGrid reported bounced, dropped or as spam reporters: never sent to again (domain emailEvents.ts). */
  emailSuppressions: 'email_suppressions',
  /** Client data exports and erasures: who, when, what (the address only as its SHA-256). */
  clientDataRequests: 'client_data_requests',
  /** A quote's proposal with its contract, frozen at approval, and the client's signature (domain proposals.ts). */
  proposals: 'proposals',
  /** The proposals' append-only audit trail: created, viewed, signed, countersigned, emailed. */
  proposalEvents: 'proposal_events',
  /** When each address first used the client portal, keyed by its SHA-256 (domain portalDocuments.ts). Server-only. */
  portalSignIns: 'portal_sign_ins',
  /** Files the owner shares with a lead's client (domain leadFiles.ts); their bytes are in Cloud Storage. Server-only. */
  leadFiles: 'lead_files',
  /** The client portal's message threads: one per project and one general per client (domain messages.ts). */
  messageThreads: 'message_threads',
  /** The messages of those threads, each naming its thread (append-only, written by the server). */
  messages: 'messages',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
