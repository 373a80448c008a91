/**
 * Promo code look-up, reservation and redemption (spec §9 "Promo codes are
 * uppercased and validated at subscription creation, in one-time mode only";
 * domain/promo.ts "Reserved, then redeemed").
 *
 * Reservation runs inside a Firestore transaction: it reads the code (and the
 * customer's entry), runs checkPromo (domain/promo.ts) at server time counting
 * paid redemptions plus active holds, and writes the order's hold
 * `holds.{orderId}` {expiresAtMs, customer} together with the caller's writes
 * (the order). So paid + held never passes
 * `usageLimit`; a caller that loses the race for the last use gets 409 "Promo
 * code usage limit reached" and has written nothing. The order's payment
 * settles the hold in the fulfilment transaction (features/billing/payments.ts):
 * success → `usedCount` + 1 (paid redemptions only) and the hold removed. A
 * declined card keeps it (the same intent may still be paid). An order still
 * unpaid near the hold's end is expired (features/billing/orderExpiry.ts: its intent
 * cancelled, then the hold removed). A hold counts until then, whatever its
 * time (domain heldPromoOrders): a payment racing the cancellation is
 * honoured, and at worst the code shows "over limit by N".
 *
 * Customers: `promo_codes/{CODE}/customers/{sha256(email)}` {status "held" |
 * "redeemed", orderId, expiresAtMs}: the one-use-per-customer check. Holds
 * are recorded there only for codes with the setting on (the reservation of
 * any other code reads and writes the code alone); paid uses are recorded for
 * every code, so switching the setting on later counts them.
 *
 * Contention: Firestore's server transactions lock pessimistically, so
 * concurrent transactions that read and then write the same code wait on each
 * other's locks and retry (on the emulator a wait ends only by a lock
 * timeout). Reservations of one code are therefore queued per instance (a
 * keyed async-mutex) before their transaction starts, and only other
 * instances' reservations can conflict; the transaction gets
 * REDEEM_MAX_ATTEMPTS attempts, then the caller gets 503 "Promo code is busy".
 * Cost, measured: 50 simultaneous reservations on the functions emulator (one
 * instance per request) take about 20 s in all.
 */
import { createHash } from 'node:crypto';
import {
  FieldValue,
  GrpcStatus,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { Mutex } from 'async-mutex';
import {
  checkPromo,
  customerMayUsePromo,
  PROMO_MESSAGES,
  PROMO_RESERVATION_MS,
  promoCustomerKey,
  promoRecordOf,
  type OrderDoc,
  type PromoCodeDoc,
  type PromoCustomerDoc,
  type PromoRecord,
} from '@studio/domain';
import { AppError } from '../../platform/errors.js';
import {
  deletePromoCustomerIn,
  promoCodeRef,
  promoCustomerRef,
  readDoc,
  readStored,
  setPromoCustomerIn,
  updatePromoCodeIn,
  type StoredRead,
} from './billingStore.js';

/** The outcome of a successful check or redemption. */
export interface PromoApplication {
  code: string;
  promo: PromoRecord;
  discountCents: number;
}

/**
 * Runs checkPromo on a read code (domain promoRecordOf: `reservedCount` is the holds not yet released).
 * 404 "Invalid promo code" when missing; 409 with the reason's message.
 */
function apply(read: StoredRead<PromoCodeDoc> | null, orderCents: number, now: Date): PromoApplication {
  if (!read) throw new AppError('NotFound', PROMO_MESSAGES.notFound);
  const promo = promoRecordOf(read.id, read.doc);
  const check = checkPromo(promo, orderCents, now);
  if (!check.ok) throw new AppError('Conflict', check.message);
  return { code: read.id, promo, discountCents: check.discountCents };
}

/**
 * Checks `code` against an order of `orderCents` at `now` without redeeming it.
 * @throws AppError (404) "Invalid promo code"; 409 with checkPromo's message.
 */
export async function previewPromo(
  db: Firestore,
  code: string,
  orderCents: number,
  now: Date,
): Promise<PromoApplication> {
  return apply(await readStored(promoCodeRef(db, code)), orderCents, now);
}

/** One queue per promo code on this instance; a code's entry lives while redemptions wait on it. */
const queues = new Map<string, { mutex: Mutex; users: number }>();

/** Runs `fn` after every earlier call for the same `key` on this instance has finished. */
async function queued<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const entry = queues.get(key) ?? { mutex: new Mutex(), users: 0 };
  queues.set(key, entry);
  entry.users++;
  try {
    return await entry.mutex.runExclusive(fn);
  } finally {
    if (--entry.users === 0) queues.delete(key);
  }
}

/** Transaction attempts before a redemption gives up with 503 (the SDK's default is 5). */
export const REDEEM_MAX_ATTEMPTS = 10;

/** The document of a customer's use of a code (see the file comment): `customers/{sha256(email)}`. */
const customerRefOf = (db: Firestore, code: string, email: string) =>
  promoCustomerRef(db, code, createHash('sha256').update(promoCustomerKey(email)).digest('hex'));

/**
 * Reserves `code` for the order `orderId` of `email` (an order of
 * `orderCents`, at `now`), in one transaction: reads the code and the
 * customer's entry, runs checkPromo counting active holds, refuses a customer
 * who already holds or redeemed a one-use-per-customer code, and writes the
 * hold (PROMO_RESERVATION_MS), the customer's entry and whatever `alsoWrite`
 * adds (the order). Lapsed holds are pruned. usedCount is not touched.
 * @throws AppError (404) "Invalid promo code"; 409 with checkPromo's message
 *   (a lost race for the last use: "Promo code usage limit reached") or
 *   PROMO_MESSAGES.usedByCustomer; 503 "Promo code is busy. Please try
 *   again." when the transaction keeps conflicting with other instances.
 */
export async function reservePromo(
  db: Firestore,
  code: string,
  orderCents: number,
  now: Date,
  order: { orderId: string; email: string },
  alsoWrite?: (tx: Transaction, reservation: PromoApplication & { expiresAt: Date }) => void,
): Promise<PromoApplication & { expiresAt: Date }> {
  const customerRef = customerRefOf(db, code, order.email);
  try {
    return await queued(code, () =>
      db.runTransaction(
        async (tx) => {
          const read = await readStored(promoCodeRef(db, code), tx);
          const reservation = apply(read, orderCents, now);
          const { ref, doc: stored } = read!;
          const { holds } = stored;
          // The customer's entry matters only for a one-use-per-customer code: other codes keep the contended
          // transaction to one read and one write of the code (the 50-way race). Paid uses are recorded for all.
          const perCustomer = reservation.promo.onePerCustomer;
          const customer = perCustomer ? await readDoc(customerRef, tx) : null;
          if (perCustomer) {
            const held =
              customer?.status === 'held' &&
              customer.orderId !== order.orderId &&
              holds[customer.orderId] !== undefined;
            if (
              !customerMayUsePromo(reservation.promo, {
                redeemed: customer?.status === 'redeemed',
                heldByOtherOrder: held,
              })
            ) {
              throw new AppError('Conflict', PROMO_MESSAGES.usedByCustomer);
            }
          }
          const expiresAtMs = now.getTime() + PROMO_RESERVATION_MS;
          const update: Record<string, unknown> = {
            [`holds.${order.orderId}`]: { expiresAtMs, customer: customerRef.id },
            lastReservedAt: FieldValue.serverTimestamp(),
          };
          updatePromoCodeIn(tx, ref, update);
          if (perCustomer && customer?.status !== 'redeemed')
            setPromoCustomerIn(tx, customerRef, {
              status: 'held',
              orderId: order.orderId,
              expiresAtMs,
              updatedAt: FieldValue.serverTimestamp(),
            });
          // The caller prices the order with the promo as checked (before this hold counts against the limit).
          alsoWrite?.(tx, { ...reservation, expiresAt: new Date(expiresAtMs) });
          return {
            ...reservation,
            expiresAt: new Date(expiresAtMs),
            promo: { ...reservation.promo, reservedCount: (reservation.promo.reservedCount ?? 0) + 1 },
          };
        },
        { maxAttempts: REDEEM_MAX_ATTEMPTS },
      ),
    );
  } catch (e) {
    // ABORTED: the transaction kept conflicting through its attempts.
    if ((e as { code?: unknown }).code === GrpcStatus.ABORTED)
      throw new AppError('Unavailable', 'Promo code is busy. Please try again.');
    throw e;
  }
}

/** What settling an order's hold needs read first (transactions read before they write): null when absent. */
export interface PromoSettlementReads {
  promo: StoredRead<PromoCodeDoc> | null;
  customer: StoredRead<PromoCustomerDoc> | null;
  /** Where the customer's use of the code is (or will be) stored. */
  customerRef: DocumentReference;
}

/** Reads the code and the customer's entry of an order, in `tx`; null when the order used no code. */
export async function readPromoSettlement(
  db: Firestore,
  tx: Transaction,
  code: string | null,
  email: string | null,
): Promise<PromoSettlementReads | null> {
  if (!code || !email) return null;
  const customerRef = customerRefOf(db, code, email);
  const [promo, customer] = await Promise.all([readStored(promoCodeRef(db, code), tx), readStored(customerRef, tx)]);
  return { promo, customer, customerRef: customerRef.withConverter(null) };
}

/** readPromoSettlement for the stored cart order `order`: its `promoCode` and client's email; null without a code. */
export function readOrderPromoSettlement(
  db: Firestore,
  tx: Transaction,
  order: OrderDoc,
): Promise<PromoSettlementReads | null> {
  return readPromoSettlement(db, tx, order.promoCode, order.clientInfo.email || null);
}

/**
 * Settles an order's hold in `tx`: `paid` turns it into a redemption
 * (usedCount + 1, the customer "redeemed"), otherwise it is released (the
 * customer's entry removed if it was this order's hold). A deleted code is
 * left alone. Call once per order outcome (fulfilment runs once per event).
 */
export function settlePromoInTx(
  tx: Transaction,
  reads: PromoSettlementReads | null,
  orderId: string,
  paid: boolean,
): void {
  if (!reads?.promo) return;
  const update: Record<string, unknown> = { [`holds.${orderId}`]: FieldValue.delete() };
  if (paid) Object.assign(update, { usedCount: FieldValue.increment(1), lastRedeemedAt: FieldValue.serverTimestamp() });
  updatePromoCodeIn(tx, reads.promo.ref, update);
  if (paid)
    setPromoCustomerIn(tx, reads.customerRef, {
      status: 'redeemed',
      orderId,
      expiresAtMs: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
  else if (reads.customer?.doc.status === 'held' && reads.customer.doc.orderId === orderId)
    deletePromoCustomerIn(tx, reads.customer.ref);
}

/** Releases an order's hold at once (its payment could not even be set up). Best effort: should it fail, the order expiry releases it. */
export async function releasePromoHold(db: Firestore, code: string, orderId: string, email: string): Promise<void> {
  await db.runTransaction(async (tx) =>
    settlePromoInTx(tx, await readPromoSettlement(db, tx, code, email), orderId, false),
  );
}
