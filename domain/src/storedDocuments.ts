/**
 * Schemas of stored Firestore documents, parsed when a document is read
 * (functions/src/platform/converter.ts zodConverter), so the code works on
 * checked data rather than a cast. Timestamps of either SDK are recognised by
 * their `toDate()` and come out as Date.
 */
import { z } from 'zod';

/** A Firestore Timestamp (admin or web SDK), read as a Date. */
export const storedDate = z
  .custom<{ toDate(): Date }>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { toDate?: unknown }).toDate === 'function',
    'Expected a timestamp',
  )
  .transform((t) => t.toDate());

/**
 * `quote_links/{sha256(token)}`: one client link to a quote version (spec §4
 * "Quote acceptance"). Written only by the server (quote approval).
 */
export const quoteLinkDocSchema = z.object({
  leadId: z.string().min(1),
  /** The quote version the link shows; null for quotes stored before versions existed. */
  quoteVersion: z.number().int().nullable(),
  expiresAt: storedDate,
  usedAt: storedDate.nullable(),
  revokedAt: storedDate.nullable(),
});
export type QuoteLinkDoc = z.output<typeof quoteLinkDocSchema>;
