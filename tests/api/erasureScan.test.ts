/**
 * Erasure leaves nothing personal behind (functions features/client-data): a
 * client who used every feature (contact form with a phone, notes, a quote
 * signed as a proposal, a paid deposit, an invoice made with an
 * Idempotency-Key, portal messages both ways, a shared file, a cart order
 * with its hosting subscription, and every email and owner alert these
 * send) is erased, then every document of every collection, subcollections
 * included (listed through the Admin SDK, not a list of ours), is read and
 * searched for the client's name, address, phone and the words of their
 * message. Text is compared as the erasure must read it: lower case, with
 * the zero-width characters and entities that emails put inside addresses
 * removed. Only what docs/operations.md lists as kept may remain: the signed
 * proposal and its audit trail (contract evidence).
 */
import { randomUUID } from 'node:crypto';
import type { CollectionReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalisedForErasure, proposalViewReply } from '@studio/domain';
import { adminIdToken, api, db, eventually } from '../helpers.js';
import { PLAN, SIGNATURE_DOT } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';

/** Letters only (names and words the schemas accept), unique to this run. */
const word = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
const surname = `Quill${word()}`;
const NAME = `Ottilie ${surname}`;
const EMAIL = `ottilie.${word()}@example.com`;
const PHONE_DIGITS = `1555${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
const PHONE = `+1 555 ${PHONE_DIGITS.slice(4, 7)} ${PHONE_DIGITS.slice(7)}`;
const MESSAGE_WORDS = [`marzipan${word()}`, `lighthouse${word()}`, `zeppelin${word()}`];
const MESSAGE = `Please build a ${MESSAGE_WORDS[0]} shop for our ${MESSAGE_WORDS[1]} with a ${MESSAGE_WORDS[2]} blog.`;

const PDF = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');

let token: string;
beforeAll(async () => {
  token = await adminIdToken();
});

/** Every document of every collection, subcollections included, as the Admin SDK lists them. */
async function everyDocument(): Promise<DocumentSnapshot[]> {
  const out: DocumentSnapshot[] = [];
  const walk = async (collections: CollectionReference[]) => {
    for (const c of collections) {
      const docs = (await c.get()).docs;
      out.push(...docs);
      for (let i = 0; i < docs.length; i += 100) {
        const subs = await Promise.all(docs.slice(i, i + 100).map((d) => d.ref.listCollections()));
        await walk(subs.flat());
      }
    }
  };
  await walk(await db.listCollections());
  return out;
}

/** What of the client a document's text still holds: the needles it contains. */
function personalDataIn(d: DocumentSnapshot): string[] {
  const text = normalisedForErasure(JSON.stringify(d.data() ?? {}));
  const digits = text.replace(/[\s\-().+]/g, '');
  const needles = [EMAIL, NAME, surname, ...MESSAGE_WORDS].map((n) => n.toLowerCase());
  return [...needles.filter((n) => text.includes(n)), ...(digits.includes(PHONE_DIGITS) ? ['phone'] : [])];
}

/** The paths of documents holding any of the client's data, with what they hold. */
async function remaining(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const d of await everyDocument()) {
    const hits = personalDataIn(d);
    if (hits.length) found[d.ref.path] = hits;
  }
  return found;
}

describe('erasure of a client who used every feature', () => {
  let leadId: string;
  let proposalId: string;
  let orderId: string;
  let invoiceId: string;
  const idempotencyKey = randomUUID();

  it('sets up the client through the API', async () => {
    // The contact form: the lead, the owner's new-lead alert (name, address, phone, message).
    const contact = await api('POST', '/api/contact', {
      body: { name: NAME, email: EMAIL, phone: PHONE, projectType: 'Web Project', subject: 'A shop', message: MESSAGE },
    });
    expect(contact.status).toBe(201);
    leadId = await eventually(
      async () => (await db.collection('leads').where('email', '==', EMAIL).get()).docs[0]?.id,
      'the lead',
    );
    const admin = (method: string, path: string, body: unknown = {}, headers?: Record<string, string>) =>
      api(method, path, { token, body, headers });
    expect((await admin('PUT', `/api/leads/${leadId}`, { status: 'Contacted' })).status).toBe(200);
    expect(
      (await admin('POST', `/api/leads/${leadId}/notes`, { content: `Called ${PHONE} about the shop.` })).status,
    ).toBe(201);
    // The quote, approved with a contract, signed as a proposal (the owner's proposal-signed alert).
    expect((await admin('POST', `/api/leads/${leadId}/project-plan`, PLAN)).status).toBe(201);
    const approved = await admin('POST', `/api/leads/${leadId}/quote/approve`, { contractTemplateId: 'default' });
    expect(approved.status).toBe(200);
    const linkToken = new URLSearchParams((approved.json as { acceptanceUrl: string }).acceptanceUrl.split('?')[1]).get(
      'token',
    )!;
    const view = await api(
      'GET',
      `/api/quote-acceptance/proposal?${new URLSearchParams({ leadId, token: linkToken })}`,
    );
    expect(view.status).toBe(200);
    const proposal = proposalViewReply.parse(view.json).proposal!;
    proposalId = proposal.id;
    const signed = await api('POST', '/api/quote-acceptance/sign', {
      body: {
        leadId,
        token: linkToken,
        documentSha256: proposal.documentSha256,
        consent: true,
        fullName: NAME,
        signaturePng: SIGNATURE_DOT,
      },
    });
    expect(signed.status).toBe(200);
    // The deposit, paid (payment, ledger, payment request, receipt, the owner's money alert).
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
    expect(intent.status).toBe(200);
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
    // An invoice made with an Idempotency-Key (its record keeps the checkout link).
    const invoice = await admin(
      'POST',
      '/api/create-invoice',
      { leadId, amount: '120.00', description: 'Extra page' },
      { 'idempotency-key': idempotencyKey },
    );
    expect(invoice.status).toBe(201);
    invoiceId = (invoice.json as { invoiceId: string }).invoiceId;
    // The portal: the client writes (the owner's message alert names them), the owner answers.
    const clientToken = await emailLinkIdToken(EMAIL);
    const threads = await api('GET', '/api/portal/threads', { token: clientToken });
    expect(threads.status).toBe(200);
    const general = (threads.json as { threads: Array<{ id: string; kind: string }> }).threads.find(
      (t) => t.kind === 'general',
    )!;
    const written = await api('POST', `/api/portal/threads/${general.id}/messages`, {
      token: clientToken,
      body: { text: `About the ${MESSAGE_WORDS[1]}: call me on ${PHONE}.` },
    });
    expect(written.status).toBe(201);
    expect(
      (await admin('POST', `/api/leads/${leadId}/messages`, { threadId: 'general', text: `Hello ${NAME}!` })).status,
    ).toBe(201);
    // A shared file.
    const file = await admin('POST', `/api/leads/${leadId}/files`, {
      name: `${surname} logo.pdf`,
      contentType: 'application/pdf',
      dataBase64: PDF.toString('base64'),
    });
    expect(file.status).toBe(201);
    // A cart order with a hosting subscription, paid, then canceled and ended (its alerts carry the order).
    const cart = await api('POST', '/api/create-subscription', {
      body: {
        packageId: 'web-hosting',
        pricingMode: 'monthly',
        clientInfo: { name: NAME, email: EMAIL, phone: PHONE, projectDescription: MESSAGE },
      },
    });
    expect(cart.status).toBe(201);
    ({ orderId } = cart.json as { orderId: string });
    const cartIntent = (cart.json as { paymentIntentId: string }).paymentIntentId;
    expect(
      (await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId: cartIntent } })).status,
    ).toBe(200);
    await eventually(
      async () => (await db.collection('orders').doc(orderId).get()).get('clientLeadId') as string | undefined,
      'the order linked to its client',
    );
    expect((await admin('POST', `/api/billing/subscriptions/${orderId}/cancel`)).status).toBe(200);
    expect((await admin('POST', `/api/billing/subscriptions/${orderId}/test-renew`)).status).toBe(200);
    expect((await db.collection('subscriptions').doc(orderId).get()).get('status')).toBe('canceled');

    // Every email about the client settled (sent, skipped or failed) before the erasure.
    await eventually(async () => {
      const outbox = (await db.collection('outbox').get()).docs.filter(
        (d) => d.get('leadId') === leadId || d.get('orderId') === orderId || personalDataIn(d).length > 0,
      );
      return outbox.length > 0 && outbox.every((d) => ['SUCCESS', 'SKIPPED', 'ERROR'].includes(d.get('status')));
    }, 'the emails settled');
    // The data is there to be found: the scan sees it before the erasure.
    const before = await remaining();
    for (const c of ['leads', 'contacts', 'notes', 'outbox', 'email_log', 'orders', 'messages'])
      expect(
        Object.keys(before).some((p) => p.startsWith(`${c}/`)),
        c,
      ).toBe(true);
    expect((await db.collection('idempotency_keys').where('invoiceId', '==', invoiceId).get()).size).toBe(1);
  });

  it('erases: no collection holds the name, address, phone or message, but the signed proposal kept as evidence', async () => {
    const r = await api('POST', '/api/clients/erase', { token, body: { email: EMAIL, confirmEmail: EMAIL } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ kept: { proposals: 1 } });

    const left = await remaining();
    // Kept whole on purpose (docs/operations.md "Client data: export and erasure"): the signed proposal and its
    // audit trail.
    const kept = Object.keys(left).filter(
      (p) => p === `proposals/${proposalId}` || (p.startsWith('proposal_events/') && left[p]),
    );
    for (const p of kept.filter((p) => p.startsWith('proposal_events/')))
      expect((await db.doc(p).get()).get('proposalId')).toBe(proposalId);
    expect(Object.fromEntries(Object.entries(left).filter(([p]) => !kept.includes(p)))).toEqual({});
    expect(kept).toContain(`proposals/${proposalId}`);
    // The books keep their numbers and amounts; the idempotency record of the invoice is gone.
    expect((await db.collection('invoices').doc(invoiceId).get()).get('amountCents')).toBe(12_000);
    expect((await db.collection('idempotency_keys').where('invoiceId', '==', invoiceId).get()).size).toBe(0);
  });
});
