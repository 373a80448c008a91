/**
 * Suppressed addresses (`email_suppressions`): SendGrid reported a bounce, a
 * drop or a spam report for them (features/email/sendgridEvents.ts), so the
 * outbox sends them nothing more (features/email/outboxSender.ts). Keyed by the SHA-256
 * of the address (domain suppressionAddress), so the list holds no readable
 * address: it survives a client's erasure and still stops mail to them.
 */
import { createHash } from 'node:crypto';
import { suppressionAddress, type SuppressingEmailEvent } from '@studio/domain';
import { readSuppression, setSuppressionIn } from './emailStore.js';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';

/** The suppression document id of `email`. */
export function suppressionId(email: string): string {
  return createHash('sha256').update(suppressionAddress(email)).digest('hex');
}

/** The event that suppressed `email`, or null when it may be sent to. */
export async function suppressionOf(db: Firestore, email: string): Promise<SuppressingEmailEvent | null> {
  const parsed = await readSuppression(db, suppressionId(email));
  if (!parsed) return null;
  // A document that does not parse still names a suppressed address: refuse rather than send.
  return parsed.success ? parsed.data.event : 'bounce';
}

/** `text` with every address-like token replaced: a bounce reason often quotes the address ("550 <a@b>: …"). */
export const withoutAddresses = (text: string) => text.replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]');

/** Records `email` as suppressed by `event` in `tx` (a later event for the same address overwrites it). */
export function suppress(
  db: Firestore,
  tx: Transaction,
  email: string,
  event: { event: SuppressingEmailEvent; reason?: string | null; sgEventId?: string | null },
): void {
  setSuppressionIn(tx, db, suppressionId(email), {
    event: event.event,
    reason: event.reason ? withoutAddresses(event.reason).slice(0, 500) : null,
    sgEventId: event.sgEventId ?? null,
    at: FieldValue.serverTimestamp(),
  });
}
