/**
 * A paid cart order's buyer becomes a client (domain cartClients.ts,
 * docs/statuses.md "Cart buyers"): after every write of `orders/{orderId}`,
 * an order that is paid and has no `clientLeadId` yet gets one, in one
 * transaction that re-reads the order, finds or creates the buyer's lead
 * (features/leads ensureCartClientIn: one lead per address, made "Won" with
 * source "cart" and its activity entry) and records the lead on the order.
 * The lead's own triggers then put it on the board (syncLeadBoard), where the
 * board search finds it; the Client List lists it with its orders.
 *
 * Why a trigger and not the payment's own transaction (payments.ts
 * applyPurpose): a lead is not money, so a failure here must never fail or
 * delay recording a payment; the payment transaction keeps its reads; and the
 * rule holds whoever marks an order paid (a webhook, the test-mode checkout,
 * a live subscription's first invoice). The cost is a second or so before the
 * client shows. Retried on failure: every run re-reads the order, so a retry,
 * a duplicate delivery or a later write of the order links it once.
 *
 * Nothing is emailed and no money is asked for: the lead has no quote (see
 * cartClients.ts). An order erased since (its address is "") is left alone.
 * The trigger is declared in index.ts (`linkOrderClient`).
 */
import type { Change, DocumentSnapshot, FirestoreEvent } from 'firebase-functions/v2/firestore';
import type { Firestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { orderNeedsClient } from '@studio/domain';
import { ZodError } from 'zod';
import { db } from '../../platform/firebase.js';
import { ensureCartClientIn, existingClientLeadId } from '../leads/index.js';
import { orderRef, readStored, updateOrderDoc } from './billingStore.js';

/** What linkOrderClient did to one order. */
export type OrderClientOutcome =
  | { outcome: 'created' | 'linked'; leadId: string }
  | { outcome: 'none'; reason: 'missing' | 'not paid or already linked' };

/**
 * Links paid order `orderId` to its buyer's lead, creating the lead when the
 * buyer has none (see the module comment). Idempotent: an order already
 * linked, not paid or gone is left as it is.
 * @throws ZodError when the order does not parse (the trigger logs it: a retry cannot fix it).
 */
export async function linkOrderClient(firestore: Firestore, orderId: string): Promise<OrderClientOutcome> {
  const ref = orderRef(firestore, orderId);
  const first = await readStored(ref);
  if (!first) return { outcome: 'none', reason: 'missing' };
  if (!orderNeedsClient(first.doc)) return { outcome: 'none', reason: 'not paid or already linked' };
  // A lead the buyer already has, looked up by address outside the transaction, which then holds only the
  // order and the buyer's lead (a query read in a transaction locks what it covers). A lead written in
  // between is at worst a second lead for the same person, as two contact messages are; the lead made for a
  // buyer is keyed by the address and is made once.
  const existing = await existingClientLeadId(firestore, first.doc.clientInfo.email);
  return firestore.runTransaction(async (tx) => {
    const order = await readStored(ref, tx);
    if (!order) return { outcome: 'none', reason: 'missing' } as const;
    if (!orderNeedsClient(order.doc)) return { outcome: 'none', reason: 'not paid or already linked' } as const;
    const client = await ensureCartClientIn(tx, firestore, { ...order.doc, id: order.id }, existing);
    // Only the link: updatedAt stays the payment's, and the order's status and sums are not touched.
    updateOrderDoc(order.ref, { clientLeadId: client.leadId }, tx);
    return { outcome: client.created ? 'created' : 'linked', leadId: client.leadId } as const;
  });
}

/**
 * The trigger's body: links the written order when it is paid and unlinked. It reads the order as stored now
 * (one read per order write: an order is written a handful of times), so an older event cannot undo a newer
 * state. A deleted order is nothing to do; one that does not parse is logged and left (a retry cannot fix it).
 */
export async function syncOrderClient(
  event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { orderId: string }>,
): Promise<void> {
  if (!event.data?.after?.exists) return;
  const orderId = event.params.orderId;
  let done: OrderClientOutcome;
  try {
    done = await linkOrderClient(db, orderId);
  } catch (e) {
    if (!(e instanceof ZodError)) throw e; // retried
    logger.error('linkOrderClient: the stored order, or the lead made from it, does not match its schema', {
      orderId,
      issues: e.issues,
    });
    return;
  }
  if (done.outcome === 'created') logger.info('linkOrderClient: a cart buyer is now a client', { orderId, ...done });
}
