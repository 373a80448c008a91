/**
 * Cart buyers are clients (domain cartClients.ts; functions
 * features/billing/orderClient.ts, the `linkOrderClient` trigger, and
 * features/leads/cartClient.ts): a cart order paid through the test-mode
 * checkout makes its buyer one lead ("Won", source "cart"), recorded on the
 * order as `clientLeadId`, with its activity entry and its board card (which
 * the board search finds); a second order, and two orders paid at once, make
 * no second lead; an unpaid or expired order makes none; a buyer who already
 * has a lead keeps it. Nothing new is emailed and no money is asked of the
 * lead. The client's data export and erasure cover the lead.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, decodeBoardCard, leadDocSchema, leadMatchesSearch, searchTerms } from '@studio/domain';
import { linkOrderClient } from '../../functions/src/features/billing/orderClient.js';
import { cartClientLeadId } from '../../functions/src/features/leads/cartClient.js';
import { adminIdToken, api, db, eventually } from '../helpers.js';
import { readBoardCards } from '../../functions/src/features/leads/leadBoardStore.js';

let token: string;
beforeAll(async () => {
  token = await adminIdToken();
});

const uniqueEmail = (tag: string) => `cart.${tag}.${randomUUID().slice(0, 8)}@example.com`;

/** Stores a monthly hosting order through the cart (POST /api/create-subscription); returns its id and intent. */
async function order(email: string, name = 'Carla Cart', packageId = 'web-hosting') {
  const res = await api('POST', '/api/create-subscription', {
    body: {
      packageId,
      pricingMode: 'monthly',
      clientInfo: { name, email, phone: '+1 555 0142', projectDescription: 'Host our bakery site.' },
    },
  });
  expect(res.status).toBe(201);
  return res.json as { orderId: string; paymentIntentId: string };
}

/** Pays an order's intent as the cart's test-mode Pay Now does (the fulfilment a Stripe webhook runs). */
async function pay(paymentIntentId: string) {
  expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
}

/** The client lead the trigger records on a paid order, once it has run. */
const clientLeadOf = (orderId: string) =>
  eventually(
    async () => (await db.collection('orders').doc(orderId).get()).get('clientLeadId') as string | undefined,
    `order ${orderId} linked to its client`,
  );

/** The ids of the leads stored under `email`. */
const leadIdsOf = async (email: string) =>
  (await db.collection('leads').where('email', '==', email).get()).docs.map((d) => d.id);

describe('a paid cart order makes its buyer a client', () => {
  const email = uniqueEmail('first');
  let leadId: string;

  it('creates one Won lead from the cart, with its activity entry, and links the order to it', async () => {
    const { orderId, paymentIntentId } = await order(email, 'Carla First');
    await pay(paymentIntentId);
    leadId = await clientLeadOf(orderId);
    expect(leadId).toBe(cartClientLeadId(email));
    expect(await leadIdsOf(email)).toEqual([leadId]);

    const stored = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(stored).toMatchObject({ source: 'cart', orderId });
    expect(leadDocSchema.parse(stored)).toMatchObject({
      name: 'Carla First',
      email,
      phone: '+1 555 0142',
      subject: 'Web Fresh/Refresh + Hosting (Monthly)',
      message: 'Host our bakery site.',
      status: 'Won',
      quoteAmountCents: null,
      quoteAccepted: false,
    });
    const activity = await db.collection('lead_activity').where('leadId', '==', leadId).get();
    expect(activity.docs.map((d) => [d.get('type'), d.get('to'), d.get('detail')])).toEqual([
      ['created', 'Won', `Client from the cart: Web Fresh/Refresh + Hosting (Monthly), $45.00 paid (order ${orderId})`],
    ]);
    // The order keeps its payment state; only the link is added.
    expect((await db.collection('orders').doc(orderId).get()).get('status')).toBe('paid');
  });

  it('puts the client on the board, where the board search finds them by name, address or package', async () => {
    const card = await eventually(async () => {
      const text = (await readBoardCards(db)).get(leadId);
      return text ? decodeBoardCard(text) : undefined;
    }, 'the client card on the board');
    expect(card).toMatchObject({ name: 'Carla First', email, status: 'Won' });
    for (const query of ['carla first', email, 'refresh hosting'])
      expect(leadMatchesSearch(card, searchTerms(query)), query).toBe(true);
  });

  it('emails the buyer nothing new and asks the lead for no money', async () => {
    const emails = await db.collection('outbox').where('to', '==', email).get();
    expect(emails.docs.map((d) => d.get('templateId'))).toEqual(['payment-received']);
    expect((await db.collection('outbox').where('leadId', '==', leadId).get()).size).toBe(0);
    expect((await db.collection('payment_requests').where('leadId', '==', leadId).get()).size).toBe(0);
    expect((await db.collection('reminders').where('leadId', '==', leadId).get()).size).toBe(0);
  });

  it('a second paid order of the same buyer is linked to the same lead and creates nothing', async () => {
    const { orderId, paymentIntentId } = await order(email, 'Carla First', 'maintenance-2hr');
    await pay(paymentIntentId);
    expect(await clientLeadOf(orderId)).toBe(leadId);
    expect(await leadIdsOf(email)).toEqual([leadId]);
    expect((await db.collection('lead_activity').where('leadId', '==', leadId).get()).size).toBe(1);
    // Run again (a retried or duplicate trigger): nothing to do.
    expect(await linkOrderClient(db, orderId)).toEqual({ outcome: 'none', reason: 'not paid or already linked' });
  });
});

describe('concurrent orders of one buyer', () => {
  it('two orders paid at once, linked by the triggers and by two more runs racing them, make one lead', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([order(email, 'Rae Race'), order(email, 'Rae Race', 'maintenance-8hr')]);
    await Promise.all([pay(a.paymentIntentId), pay(b.paymentIntentId)]);
    // The in-process runs race the emulator's triggers for the same orders: each either links or finds it done.
    const runs = await Promise.all([linkOrderClient(db, a.orderId), linkOrderClient(db, b.orderId)]);
    const leadId = cartClientLeadId(email);
    for (const run of runs)
      expect([`linked ${leadId}`, `created ${leadId}`, 'none']).toContain(
        run.outcome === 'none' ? 'none' : `${run.outcome} ${run.leadId}`,
      );
    expect([await clientLeadOf(a.orderId), await clientLeadOf(b.orderId)]).toEqual([leadId, leadId]);
    expect(await leadIdsOf(email)).toEqual([leadId]);
    expect((await db.collection('lead_activity').where('leadId', '==', leadId).get()).size).toBe(1);
  });
});

describe('orders that make no client', () => {
  it('an unpaid order and an expired one create no lead', async () => {
    const email = uniqueEmail('unpaid');
    const pending = await order(email, 'Una Unpaid');
    const expired = await order(email, 'Una Unpaid');
    await db.collection('orders').doc(expired.orderId).update({ status: 'expired' });
    for (const o of [pending, expired])
      expect(await linkOrderClient(db, o.orderId)).toEqual({ outcome: 'none', reason: 'not paid or already linked' });
    expect(await leadIdsOf(email)).toEqual([]);
    expect((await db.collection('leads').doc(cartClientLeadId(email)).get()).exists).toBe(false);
    for (const o of [pending, expired])
      expect((await db.collection('orders').doc(o.orderId).get()).get('clientLeadId')).toBeUndefined();
  });

  it('an order that does not exist is nothing to do', async () => {
    expect(await linkOrderClient(db, `missing-${randomUUID()}`)).toEqual({ outcome: 'none', reason: 'missing' });
  });

  it('a buyer who already has a lead keeps it: the order is linked to it, no second lead', async () => {
    const email = uniqueEmail('known');
    const contact = await api('POST', '/api/contact', {
      body: { name: 'Kim Known', email, projectType: 'Web Project', subject: 'A site', message: 'Please call.' },
    });
    expect(contact.status).toBe(201);
    const known = await leadIdsOf(email);
    expect(known).toHaveLength(1);
    const leadId = known[0]!;
    const { orderId, paymentIntentId } = await order(email.toUpperCase(), 'Kim Known');
    await pay(paymentIntentId);
    expect(await clientLeadOf(orderId)).toBe(leadId);
    expect(await leadIdsOf(email)).toEqual([leadId]);
    expect((await db.collection('leads').doc(cartClientLeadId(email)).get()).exists).toBe(false);
    // The lead is as the form left it.
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('New');
  });
});

describe("the client's data: export and erasure cover the cart lead", () => {
  it('exports the lead with its orders; erases it once the hosting is canceled', async () => {
    const email = uniqueEmail('erase');
    const { orderId, paymentIntentId } = await order(email, 'Edda Erase');
    await pay(paymentIntentId);
    const leadId = await clientLeadOf(orderId);

    const exported = await api('POST', '/api/clients/export', { token, body: { email } });
    expect(exported.status).toBe(200);
    const { collections } = exported.json as { collections: Record<string, Array<{ id: string }>> };
    expect(collections.leads?.map((l) => l.id)).toEqual([leadId]);
    expect(collections.lead_activity?.length).toBe(1);
    expect(collections.orders?.map((o) => o.id)).toEqual([orderId]);

    // The hosting subscription is canceled (at the period's end, which test mode's renew brings about).
    expect((await api('POST', `/api/billing/subscriptions/${orderId}/cancel`, { token, body: {} })).status).toBe(200);
    expect((await api('POST', `/api/billing/subscriptions/${orderId}/test-renew`, { token, body: {} })).status).toBe(
      200,
    );
    const erased = await api('POST', '/api/clients/erase', { token, body: { email, confirmEmail: email } });
    expect(erased.status).toBe(200);
    expect(erased.json).toMatchObject({ deleted: { leads: 1 }, anonymised: { orders: 1 } });
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(false);
    expect((await db.collection(COLLECTIONS.leadActivity).where('leadId', '==', leadId).get()).size).toBe(0);
    // The erased order keeps its link (an id, no personal data) and makes no new client: nothing to do.
    expect(await linkOrderClient(db, orderId)).toEqual({ outcome: 'none', reason: 'not paid or already linked' });
    expect((await db.collection('orders').doc(orderId).get()).get('clientInfo')).toMatchObject({ email: '' });
  });
});
