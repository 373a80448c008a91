/**
 * A client's data on request (functions features/client-data): export
 * everything held about one email address, or erase it. Erasure deletes what
 * only served the relationship and anonymises what the books must keep
 * (invoices, payment requests, orders, subscriptions, ledger entries keep
 * their numbers, amounts and dates). Why each collection is treated as it is:
 * docs/operations.md "Client data: export and erasure".
 */
import { z } from 'zod';
import { COLLECTIONS, type CollectionName } from './collections.js';

/** The client's address: what the request names. */
const clientEmail = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@<>,;]+@[^\s@<>,;]+$/, 'Invalid email');

/** POST /api/clients/export {email}. */
export const clientExportSchema = z.strictObject({ email: clientEmail });
export type ClientExportInput = z.output<typeof clientExportSchema>;

/** POST /api/clients/erase {email, confirmEmail}: the address twice, so that a slip erases nobody. */
export const clientEraseSchema = z
  .strictObject({ email: clientEmail, confirmEmail: clientEmail })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    message: 'The two addresses differ',
    path: ['confirmEmail'],
  });
export type ClientEraseInput = z.output<typeof clientEraseSchema>;

/** Collections whose documents about the client are deleted on erasure. */
export const ERASED_COLLECTIONS = [
  COLLECTIONS.leads,
  COLLECTIONS.contacts,
  COLLECTIONS.notes,
  COLLECTIONS.leadActivity,
  COLLECTIONS.quoteVersions,
  COLLECTIONS.quoteLinks,
  COLLECTIONS.quoteAcceptances,
  COLLECTIONS.projects,
  COLLECTIONS.reminders,
  COLLECTIONS.outbox,
  COLLECTIONS.emailLog,
  /** The records of files shared with the client; the erasure deletes their bytes in Cloud Storage too. */
  COLLECTIONS.leadFiles,
  /** The client's portal threads and their messages: what they wrote and what the studio answered. */
  COLLECTIONS.messageThreads,
  COLLECTIONS.messages,
  /** A retried create-invoice call's first answer (its checkout link names the invoice's description), by invoice id. */
  COLLECTIONS.idempotencyKeys,
] as const;

/** Collections the books keep: their documents about the client are anonymised, never deleted. */
export const ANONYMISED_COLLECTIONS = [
  COLLECTIONS.invoices,
  COLLECTIONS.paymentRequests,
  COLLECTIONS.orders,
  COLLECTIONS.subscriptions,
  COLLECTIONS.payments,
  COLLECTIONS.ledgerEntries,
] as const;

/**
 * Proposals and their audit trail (functions features/proposals): a signed
 * one is the contract and its evidence, kept whole on erasure (a legal
 * record, GDPR Art. 17(3)(e): needed to establish or defend legal claims);
 * it cannot be anonymised, since its PDF is regenerated from the record and
 * checked against the stored SHA-256. An unsigned one (Sent, Viewed) is an
 * offer nobody accepted: deleted with its trail.
 */
export const PROPOSAL_COLLECTIONS = [COLLECTIONS.proposals, COLLECTIONS.proposalEvents] as const;

/**
 * Collections holding nothing about one client to export or erase, each with
 * the reason. Every collection is in exactly one of these four lists (a unit
 * test checks it), so a new collection must say what an erasure does with it.
 */
export const NO_CLIENT_DATA_COLLECTIONS = {
  [COLLECTIONS.users]: "the studio's own admin accounts",
  [COLLECTIONS.promoCodes]: 'codes, limits and counts; holds name orders, not people',
  [COLLECTIONS.promoCustomers]: "keyed by a SHA-256 of the customer's address, with no address or name",
  [COLLECTIONS.leadBoard]: "a projection of the leads, rewritten by the leads' trigger when a lead is deleted",
  [COLLECTIONS.emailTemplates]: "the studio's templates",
  [COLLECTIONS.stripeEvents]: "Stripe's event ids, types and outcomes, for exactly-once processing",
  [COLLECTIONS.counters]: 'document number series',
  [COLLECTIONS.settings]: "the studio's settings",
  [COLLECTIONS.rateLimits]: 'hashed request keys with counts, expiring within the hour',
  [COLLECTIONS.ledgerMonths]: "the ledger's monthly totals",
  [COLLECTIONS.ledgerEarlyEntries]: 'ledger entry ids of payment requests not yet issued, deleted at the issue',
  [COLLECTIONS.adminSessions]: "the admin's sign-out times",
  [COLLECTIONS.emailSuppressions]:
    'keyed by a SHA-256 of the address, which is not stored: kept so it is never mailed again',
  [COLLECTIONS.clientDataRequests]: "the erasure's own audit record, the address only as its SHA-256",
  [COLLECTIONS.portalSignIns]:
    'when an address first used the client portal, keyed by a SHA-256 of the address, which is not stored; erasure deletes it with the client portal account',
} as const satisfies Partial<Record<CollectionName, string>>;

/**
 * Collections whose documents carry the `leadId` of the lead they belong to: a client's export and erasure
 * follow the client's leads into each of them (functions client-data clientRecordStore).
 */
export const LEAD_LINKED_COLLECTIONS = [
  COLLECTIONS.notes,
  COLLECTIONS.leadActivity,
  COLLECTIONS.quoteVersions,
  COLLECTIONS.quoteLinks,
  COLLECTIONS.quoteAcceptances,
  COLLECTIONS.projects,
  COLLECTIONS.reminders,
  COLLECTIONS.invoices,
  COLLECTIONS.paymentRequests,
  COLLECTIONS.payments,
  COLLECTIONS.ledgerEntries,
  COLLECTIONS.outbox,
  COLLECTIONS.proposals,
  COLLECTIONS.proposalEvents,
  COLLECTIONS.leadFiles,
  COLLECTIONS.messageThreads,
  COLLECTIONS.messages,
] as const satisfies readonly CollectionName[];

/** True when a stored proposal is signed, so that erasure keeps it (and its trail): see PROPOSAL_COLLECTIONS. */
export const keptOnErasure = (proposal: { signature?: unknown }): boolean =>
  proposal.signature !== null && proposal.signature !== undefined;

/**
 * Text as an erasure compares it: lower case, with the zero-width characters and their HTML entities that
 * emails put inside addresses and links (domain email.ts defangLinks) removed, so that "a&#8203;@b.&#8203;com"
 * reads "a@b.com".
 */
export function normalisedForErasure(text: string): string {
  return text
    .replace(/&#(?:8203|8204|8205|8288|65279|x200b|x200c|x200d|x2060|xfeff);/gi, '')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .toLowerCase();
}

/** The name an anonymised record shows instead of the client's. */
export const ERASED_CLIENT_NAME = 'Erased client';
/** What replaces the address, or another personal value, inside a kept text. */
export const ERASED_TEXT = '[erased]';

/** Documents of one collection in an export: each with its id, timestamps as ISO strings. */
const exportedDocs = z.array(z.record(z.string(), z.unknown()));

/** POST /api/clients/export → everything held about the address. */
export const clientExportReply = z.object({
  email: z.string(),
  exportedAt: z.string(),
  collections: z.record(z.string(), exportedDocs),
  /** The client's Stripe Customers: their data at Stripe is exported from Stripe's dashboard. */
  stripeCustomerIds: z.array(z.string()),
});
export type ClientExportReply = z.output<typeof clientExportReply>;

/** POST /api/clients/erase → what was deleted and anonymised, per collection. */
export const clientErasedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.record(z.string(), z.number().int().nonnegative()),
  anonymised: z.record(z.string(), z.number().int().nonnegative()),
  /** Kept whole as legal records: the signed proposals and their audit trail (PROPOSAL_COLLECTIONS). */
  kept: z.record(z.string(), z.number().int().nonnegative()),
  /** The client's Stripe Customers, now deleted at Stripe (none in test mode). */
  stripeCustomerIds: z.array(z.string()),
});
export type ClientErasedReply = z.output<typeof clientErasedReply>;

/** The 502 of an erasure Stripe refused: nothing is erased, and the admin tries again. */
export const CLIENT_STRIPE_ERASE_FAILED =
  "Stripe could not delete the client's customer record: nothing was erased. Try again in a minute.";

/** The 409 of an erasure while Stripe may still charge the client. */
export const ERASE_ACTIVE_SUBSCRIPTION =
  'The client has an active subscription: cancel it on the Money page first, then erase.';
