/**
 * Promo code look-up and redemption (spec §9 "Promo codes are uppercased and
 * validated at subscription creation, in one-time mode only").
 *
 * Redemption is an optimistic transaction on the promo document: each attempt
 * re-reads the code, runs checkPromo (domain/promo.ts) at server time, and
 * commits `usedCount + 1` together with the caller's writes (the order) in
 * one atomic batch whose promo update carries a `lastUpdateTime`
 * precondition. When another redemption committed first, the precondition
 * fails, nothing of this attempt is written, and the attempt starts over
 * from a fresh read; so `usedCount` never passes `usageLimit` and always
 * equals the number of committed orders that used the code. A caller that
 * loses the race for the last use gets 409 "Promo code usage limit reached"
 * and has written nothing.
 *
 * Why not `runTransaction`: Firestore's server-side transactions lock
 * pessimistically. N concurrent redemptions all take a read lock on the same
 * document and then deadlock upgrading it to a write lock; each deadlock is
 * broken only by a lock timeout (2 s on the emulator), and after the SDK's 5
 * attempts the losers fail with ABORTED (a 500) instead of a clear 409.
 * Compare-and-set holds no lock between the read and the commit: one
 * contender wins per round and the others re-read at once.
 *
 * Codes without a usage limit skip the precondition (an atomic increment,
 * no contention): nothing can run out, and an admin edit racing a redemption
 * is equivalent to the redemption landing just before it.
 */
import { FieldValue, type DocumentSnapshot, type WriteBatch } from 'firebase-admin/firestore';
import { checkPromo, PROMO_MESSAGES, reviveDates, type PromoRecord } from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError } from '../http.js';

/** Attempts before a redemption gives up with 503 (each lost round means someone else redeemed). */
export const REDEEM_MAX_ATTEMPTS = 100;

/** Stored promo document → PromoRecord (timestamps as Dates, absent optionals as null). */
export function promoFromDoc(snap: DocumentSnapshot): PromoRecord & { createdAt: Date | null; updatedAt: Date | null } {
  const d = reviveDates(snap.data() ?? {}) as Record<string, unknown>;
  const date = (v: unknown) => (v instanceof Date ? v : null);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    code: typeof d.code === 'string' ? d.code : snap.id,
    discountType: d.discountType === 'fixed' ? 'fixed' : 'percentage',
    discountValue: num(d.discountValue) ?? 0,
    minOrderAmountCents: num(d.minOrderAmountCents),
    maxDiscountAmountCents: num(d.maxDiscountAmountCents),
    usageLimit: num(d.usageLimit),
    usedCount: num(d.usedCount) ?? 0,
    isActive: d.isActive === true,
    validFrom: date(d.validFrom) ?? new Date(0),
    validUntil: date(d.validUntil),
    createdAt: date(d.createdAt),
    updatedAt: date(d.updatedAt),
  };
}

export const promoRef = (code: string) => db.collection(COLLECTIONS.promoCodes).doc(code);

/** The outcome of a successful check or redemption. */
export interface PromoApplication {
  code: string;
  promo: PromoRecord;
  discountCents: number;
}

/** Runs checkPromo on a read document. 404 "Invalid promo code" when missing; 409 with the reason's message. */
function apply(snap: DocumentSnapshot, orderCents: number, now: Date): PromoApplication {
  if (!snap.exists) throw new HttpError(404, PROMO_MESSAGES.notFound);
  const promo = promoFromDoc(snap);
  const check = checkPromo(promo, orderCents, now);
  if (!check.ok) throw new HttpError(409, check.message);
  return { code: snap.id, promo, discountCents: check.discountCents };
}

/**
 * Checks `code` against an order of `orderCents` at `now` without redeeming it.
 * @throws HttpError 404 "Invalid promo code"; 409 with checkPromo's message.
 */
export async function previewPromo(code: string, orderCents: number, now: Date): Promise<PromoApplication> {
  return apply(await promoRef(code).get(), orderCents, now);
}

/** gRPC codes that mean "the document changed under us": NOT_FOUND, FAILED_PRECONDITION, ABORTED. */
const RETRYABLE = new Set([5, 9, 10]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Redeems `code` for an order of `orderCents` at `now`: re-reads the code,
 * runs checkPromo, and commits usedCount + 1 with whatever `alsoWrite` adds
 * to the same atomic batch (e.g. the order). Retries when another
 * redemption committed in between.
 * @throws HttpError 404 "Invalid promo code"; 409 with checkPromo's message
 *   (a lost race for the last use: "Promo code usage limit reached");
 *   503 when the code stays contended for REDEEM_MAX_ATTEMPTS rounds.
 */
export async function redeemPromo(
  code: string,
  orderCents: number,
  now: Date,
  alsoWrite?: (batch: WriteBatch, redemption: PromoApplication) => void,
): Promise<PromoApplication> {
  const ref = promoRef(code);
  for (let attempt = 1; ; attempt++) {
    const snap = await ref.get();
    const redemption = apply(snap, orderCents, now);
    const batch = db.batch();
    const update = { usedCount: FieldValue.increment(1), lastRedeemedAt: FieldValue.serverTimestamp() };
    if (redemption.promo.usageLimit != null) batch.update(ref, update, { lastUpdateTime: snap.updateTime! });
    else batch.update(ref, update);
    alsoWrite?.(batch, redemption);
    try {
      await batch.commit();
      return { ...redemption, promo: { ...redemption.promo, usedCount: redemption.promo.usedCount + 1 } };
    } catch (e) {
      const grpc = (e as { code?: unknown }).code;
      if (typeof grpc !== 'number' || !RETRYABLE.has(grpc)) throw e;
      if (attempt >= REDEEM_MAX_ATTEMPTS) throw new HttpError(503, 'Promo code is busy. Please try again.');
      // Someone else redeemed (or edited) first: back off a little, with jitter, and re-read.
      await sleep(Math.random() * Math.min(100, 5 * attempt));
    }
  }
}
