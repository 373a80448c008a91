/**
 * A client's data on request (functions/src/features/client-data), through
 * the Hosting emulator: a client with a paid deposit, an invoice, a note, a
 * contact message and their emails is exported (every collection holding
 * them appears), then erased: a scan of every collection finds the address
 * nowhere, the invoice and payment request keep their numbers and amounts,
 * the ledger keeps its entries and the books still balance. Wrong callers are
 * refused and write nothing; an active subscription blocks erasure.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, DAY_MS } from '@studio/domain';
import { checkBooks } from '../../functions/src/features/billing/checkBooks.js';
import { readBoardCards } from '../../functions/src/features/leads/leadBoardStore.js';
import { adminAuth, adminIdToken, api, countDocs, db, eventually, userIdToken } from '../helpers.js';
import { emailLinkIdToken } from '../portalLinks.js';
import { projectDoc, storeLead } from '../fixtures.js';

let token: string;
beforeAll(async () => {
  token = await adminIdToken();
});

const uniqueEmail = (tag: string) => `Erase.${tag}.${randomUUID().slice(0, 8)}@Example.com`;

/** Every top-level document whose JSON mentions `email` (case-insensitive), as paths. */
async function mentionsOf(email: string): Promise<string[]> {
  const needle = email.toLowerCase();
  const found: string[] = [];
  for (const c of Object.values(COLLECTIONS)) {
    if (c === COLLECTIONS.promoCustomers) continue;
    for (const d of (await db.collection(c).get()).docs)
      if (JSON.stringify(d.data()).toLowerCase().includes(needle)) found.push(d.ref.path);
  }
  return found;
}

describe('client data routes: wrong callers', () => {
  it.each(['/api/clients/export', '/api/clients/erase'])(
    '%s: 401 without a session, 403 for a non-admin',
    async (path) => {
      const email = uniqueEmail('guard');
      const leadId = await storeLead(db, { name: 'Guarded Client', email });
      const before = await countDocs(COLLECTIONS.clientDataRequests);
      const body = { email, confirmEmail: email };
      const anon = await api('POST', path, { body: path.endsWith('export') ? { email } : body });
      expect(anon.status).toBe(401);
      const user = await api('POST', path, {
        body: path.endsWith('export') ? { email } : body,
        token: await userIdToken(),
      });
      expect(user.status).toBe(403);
      expect(await countDocs(COLLECTIONS.clientDataRequests)).toBe(before);
      expect((await db.collection('leads').doc(leadId).get()).exists).toBe(true);
    },
  );
});

describe('export and erase a client with a paid project', () => {
  const email = uniqueEmail('paid');
  let leadId: string;
  let invoiceId: string;
  let invoiceNumber: string;
  let depositNumber: string;

  it('sets up the client: contact message, accepted quote, paid deposit, an invoice and a note', async () => {
    const contact = await api('POST', '/api/contact', {
      body: { name: 'Erin Erase', email, projectType: 'Web Project', subject: 'A shop', message: 'Build a shop.' },
    });
    expect(contact.status).toBe(201);
    leadId = await storeLead(db, { name: 'Erin Erase', email, subject: 'A shop', phone: '+1 555 0100' });
    await db
      .collection('projects')
      .doc()
      .set(projectDoc({ leadId, name: 'Erin shop', client: 'Erin Erase' }));
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    expect(intent.status).toBe(200);
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    const deposit = await eventually(
      async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data(),
      'the deposit request',
    );
    depositNumber = String(deposit.number);
    const invoice = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '120.00', description: 'Extra page' },
    });
    expect(invoice.status).toBe(201);
    ({ invoiceId, number: invoiceNumber } = invoice.json as { invoiceId: string; number: string });
    expect(
      (await api('POST', `/api/leads/${leadId}/notes`, { token, body: { content: 'Prefers email.' } })).status,
    ).toBe(201);
    // Every email (to the client, and the owner's alerts quoting the address) delivered before the erasure.
    await eventually(async () => {
      const mine = (await db.collection('outbox').get()).docs.filter((d) =>
        JSON.stringify(d.data()).toLowerCase().includes(email.toLowerCase()),
      );
      return mine.length > 0 && mine.every((d) => ['SUCCESS', 'SKIPPED', 'ERROR'].includes(d.get('status')));
    }, 'the emails delivered');
  });

  it('exports every collection that holds the client', async () => {
    const r = await api('POST', '/api/clients/export', { token, body: { email: email.toLowerCase() } });
    expect(r.status).toBe(200);
    const body = r.json as { email: string; collections: Record<string, Array<Record<string, unknown>>> };
    for (const c of [
      'leads',
      'contacts',
      'notes',
      'lead_activity',
      'projects',
      'invoices',
      'payment_requests',
      'payments',
      'ledger_entries',
      'outbox',
      'email_log',
    ])
      expect(body.collections[c]?.length ?? 0, c).toBeGreaterThan(0);
    expect(body.collections.leads!.map((l) => l.id)).toContain(leadId);
    expect(body.collections.invoices!.find((i) => i.id === invoiceId)).toMatchObject({ number: invoiceNumber });
    // Timestamps as ISO strings.
    expect(body.collections.leads!.find((l) => l.id === leadId)!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses an erasure whose confirmation differs, erasing nothing', async () => {
    const r = await api('POST', '/api/clients/erase', { token, body: { email, confirmEmail: 'someone@example.com' } });
    expect(r.status).toBe(400);
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(true);
  });

  it('erases: the address is nowhere, the books keep their numbers and amounts and still balance', async () => {
    const r = await api('POST', '/api/clients/erase', { token, body: { email, confirmEmail: email.toUpperCase() } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, deleted: { leads: 2, contacts: 1 }, anonymised: { invoices: 1 } });

    expect(await mentionsOf(email)).toEqual([]);
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(false);
    const invoice = (await db.collection('invoices').doc(invoiceId).get()).data();
    expect(invoice).toMatchObject({ number: invoiceNumber, amountCents: 12_000, email: null });
    const deposit = (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data();
    expect(deposit).toMatchObject({ number: depositNumber, status: 'paid' });
    const ledger = await db.collection('ledger_entries').where('leadId', '==', leadId).get();
    expect(ledger.size).toBeGreaterThan(0);
    for (const e of ledger.docs) expect(e.get('customerEmail')).toBeNull();
    const books = await checkBooks(db);
    expect(books.mismatches.filter((m) => m.includes(leadId) || m.includes(invoiceId))).toEqual([]);
    // The board's card (name, address) is gone with the lead: from its shard and every recent-changes document.
    const cards = await db.collection('lead_board').get();
    expect(cards.docs.some((d) => leadId in ((d.get('cards') as Record<string, unknown>) ?? {}))).toBe(false);
    expect((await readBoardCards(db)).has(leadId)).toBe(false);

    // The audit holds the request, the address only as its hash.
    const hash = createHash('sha256').update(email.toLowerCase()).digest('hex');
    const audit = await db.collection(COLLECTIONS.clientDataRequests).where('emailSha256', '==', hash).get();
    expect(audit.docs.map((d) => d.get('action')).sort()).toEqual(['erase', 'export']);
  });
});

describe('erasure while Stripe may still charge the client', () => {
  it('answers 409 and erases nothing while a subscription is active', async () => {
    const email = uniqueEmail('sub');
    const leadId = await storeLead(db, { name: 'Subbed Client', email });
    const sub = db.collection('subscriptions').doc();
    await sub.set({
      orderId: sub.id,
      packageId: 'web-hosting',
      packageName: 'Web Hosting',
      customerEmail: email.toLowerCase(),
      customerName: 'Subbed Client',
      interval: 'month',
      amountCents: 2_000,
      currency: 'usd',
      status: 'active',
      currentPeriodEnd: Timestamp.fromMillis(Date.now() + DAY_MS),
      stripeSubscriptionId: null,
      mode: 'test',
      lastPaymentFailedAt: null,
      canceledAt: null,
      createdAt: Timestamp.now(),
    });
    const r = await api('POST', '/api/clients/erase', { token, body: { email, confirmEmail: email } });
    expect([r.status, r.json]).toEqual([
      409,
      { error: 'The client has an active subscription: cancel it on the Money page first, then erase.' },
    ]);
    expect((await db.collection('leads').doc(leadId).get()).exists).toBe(true);
    await sub.delete();
  });
});

describe('erasure of a client who used the portal', () => {
  it('removes their email-link account in Auth and their first sign-in record', async () => {
    const email = uniqueEmail('portal').toLowerCase();
    await storeLead(db, { name: 'Portal Erased', email });
    const clientToken = await emailLinkIdToken(email);
    expect((await api('GET', '/api/portal/overview', { token: clientToken })).status).toBe(200);
    const signIn = db.collection(COLLECTIONS.portalSignIns).doc(createHash('sha256').update(email).digest('hex'));
    await eventually(async () => (await signIn.get()).exists, 'the first sign-in record');
    const uid = (await adminAuth.getUserByEmail(email)).uid;

    const r = await api('POST', '/api/clients/erase', { token, body: { email, confirmEmail: email } });
    expect(r.status).toBe(200);
    expect((r.json as { message: string }).message).toMatch(/ Their client portal account was removed\.$/);
    await expect(adminAuth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await signIn.get()).exists).toBe(false);
  });
});
