/**
 * A paid cart order's buyer as a client (domain cartClients.ts): the lead that
 * stands for them, found by address or created. Called by the billing slice's
 * `linkOrderClient` trigger (features/billing/orderClient.ts), which reads the
 * order in the same transaction and records the lead on it.
 *
 * One lead per buyer, however many orders and however concurrent: the lead
 * made for a buyer has an id derived from the address
 * (`cart-` + SHA-256 of it in lower case, cartClientLeadId), read and
 * created in the caller's transaction, so two transactions racing for the
 * same buyer conflict and the retried one finds the lead. A buyer who already
 * has a lead (the contact form, Add Lead, the hosted-project tool) keeps it:
 * nothing is created, and the Client List shows the orders under it by address.
 */
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { cartClientLead, cartOrderSubject, clientEmailKey, formatUsd, type CartOrderForClient } from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import { createLeadIn, leadExistsIn, leadRef, newestLeadIdOfEmail } from './leadStore.js';

/** The id of the lead made for the buyer at `email` (any letter case): `cart-` and 40 hex digits of its SHA-256. */
export function cartClientLeadId(email: string): string {
  return `cart-${createHash('sha256').update(clientEmailKey(email)).digest('hex').slice(0, 40)}`;
}

/**
 * The newest lead stored under `email` (lower case), read outside any
 * transaction: the caller passes it to ensureCartClientIn. Null when none.
 */
export async function existingClientLeadId(db: Firestore, email: string): Promise<string | null> {
  return newestLeadIdOfEmail(db, clientEmailKey(email));
}

/** What ensureCartClientIn did: the client's lead and whether it was made now. */
export interface CartClient {
  leadId: string;
  created: boolean;
}

/**
 * Makes sure the buyer of paid order `order` is a client, in `tx`: the lead
 * made for the buyer when it exists (read in `tx`), else `existing` (a lead
 * found by address: existingClientLeadId), else a new lead (domain
 * cartClientLead: Won, source "cart") with its "created" activity entry.
 * Reads first, then writes: the caller may read before and write after it,
 * not read after. No email is queued.
 * @throws ZodError when the lead does not match leadDocFieldsSchema (a bug: the order was parsed).
 */
export async function ensureCartClientIn(
  tx: Transaction,
  db: Firestore,
  order: CartOrderForClient & { id: string; totalDueNowCents: number },
  existing: string | null,
): Promise<CartClient> {
  const ref = leadRef(db, cartClientLeadId(order.clientInfo.email));
  if (await leadExistsIn(tx, db, ref.id)) return { leadId: ref.id, created: false };
  if (existing) return { leadId: existing, created: false };
  const now = FieldValue.serverTimestamp();
  const lead = cartClientLead(order);
  createLeadIn(tx, ref, { ...lead, orderId: order.id, createdAt: now, updatedAt: now });
  recordActivity(db, tx, {
    leadId: ref.id,
    type: 'created',
    to: lead.status,
    detail: `Client from the cart: ${cartOrderSubject(order)}, ${formatUsd(order.totalDueNowCents)} paid (order ${order.id})`,
    by: 'client',
  });
  return { leadId: ref.id, created: true };
}
