/**
 * Invoice numbers and PDFs through the API: the 50-way numbering race, the
 * admin's PDF (text parsed back: number, amounts, studio details from
 * settings), numbered deposit / final payment requests, receipts after a
 * test-mode payment through the client's signed links, and the invoice email's
 * PDF attachment (stored as a reference, rendered by the sender).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDocumentDate, parseInvoiceNumber, DAY_MS } from '@studio/domain';
import { signedDocumentPath } from '../../functions/src/features/documents/documents.js';
import {
  adminIdToken,
  api,
  db,
  download,
  eventually,
  settingsVersion,
  startInProcessApp,
  userIdToken,
} from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { pdfFirstPagePng, pdfInk, pdfText, pngSize } from '../pdfText.js';

const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const STUDIO = {
  businessName: `Invoice Test Studio ${TAG}`,
  postalAddress: '9 Ledger Road, Leeds',
  contactEmail: 'accounts@invoice-test.example',
  taxId: 'VAT-998877',
  logoUrl: '',
  paymentTermsDays: 10,
  invoiceFooter: 'Footer note for the accountant.',
};
/** The emulator's OUTBOX_SECRET_KEY (functions/.env.demo-studio), which also keys the document links. */
const LINK_SECRET = /^OUTBOX_SECRET_KEY=(.*)$/m.exec(readFileSync('functions/.env.demo-studio', 'utf8'))![1]!.trim();

let token: string;

/** GET `path` as raw bytes. */
const fetchPdf = download;

beforeAll(async () => {
  token = await adminIdToken();
  const body = { ...STUDIO, version: await settingsVersion('studio', token) };
  expect((await api('PUT', '/api/settings/studio', { token, body })).status).toBe(200);
});

describe('invoice numbers', () => {
  // The 50 requests go to one API instance started in this process, as production's instance
  // (concurrency 80) would take them: the Functions emulator starts one process per concurrent
  // request, and 50 cold processes on a 2-core machine outlast the request deadline before any
  // numbering runs. The race across instances is the next test's, through the emulator (4 processes).
  it(
    '50 invoices created at once get 50 distinct, consecutive numbers of this year',
    { timeout: 180_000 },
    async () => {
      // Quoted, not accepted: no deposit request of its own takes a number in the middle of the race.
      const leadId = await storeLead(db, {
        name: `Race ${TAG}`,
        email: `race.${TAG}@example.com`,
        status: 'Quoted',
        quoteAccepted: false,
      });
      const app = await startInProcessApp();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api('POST', '/api/create-invoice', {
            baseUrl: app.base,
            token,
            body: { leadId, amount: `${i + 1}.00`, description: `Race item ${i + 1}` },
          }),
        ),
      ).finally(app.close);
      expect(replies.map((r) => r.status)).toEqual(Array(50).fill(201));
      const numbers = replies.map((r) => (r.json as { number: string }).number);
      expect(new Set(numbers).size).toBe(50);
      const parsed = numbers.map((n) => parseInvoiceNumber(n)!);
      expect(new Set(parsed.map((p) => p.year))).toEqual(new Set([new Date().getUTCFullYear()]));
      const seqs = parsed.map((p) => p.seq).sort((a, b) => a - b);
      expect(seqs.at(-1)! - seqs[0]!).toBe(49);
      // Stored on each invoice, and the counter stands at the last one.
      const stored = await db.collection('invoices').where('leadId', '==', leadId).get();
      expect(stored.docs.map((d) => d.get('number')).sort()).toEqual([...numbers].sort());
      expect(
        (await db.collection('counters').doc(`invoices-${parsed[0]!.year}`).get()).get('last'),
      ).toBeGreaterThanOrEqual(seqs.at(-1)!);
    },
  );

  // Across processes the Firestore emulator resolves contention on the counter by a lock timeout that
  // aborts every overlapping run together (about 2 s later; production aborts the younger one at once).
  // On a busy machine a 4-way race can then outlast the request deadline, and the API answers such a
  // request 503 with nothing written, for the client to send again. So: every reply is 201 or that
  // 503; no two 201s share a number; a 503 stored no invoice; sent again, it gets a number of its own.
  it(
    '4 invoices created at once across the emulator instances get 4 distinct numbers',
    { timeout: 180_000 },
    async () => {
      const leadId = await storeLead(db, {
        name: `Race2 ${TAG}`,
        email: `race2.${TAG}@example.com`,
        status: 'Quoted',
        quoteAccepted: false,
      });
      const create = (i: number) =>
        api('POST', '/api/create-invoice', {
          token,
          body: { leadId, amount: `${i + 1}.00`, description: `Race item ${i + 1}` },
        });
      const replies = await Promise.all(Array.from({ length: 4 }, (_, i) => create(i)));
      for (const r of replies) expect([201, 503], JSON.stringify(r.json)).toContain(r.status);
      expect(replies.some((r) => r.status === 201)).toBe(true);
      const numberOf = (r: (typeof replies)[number]) => (r.json as { number: string }).number;
      const raced = replies.filter((r) => r.status === 201).map(numberOf);
      const stored = async () =>
        (await db.collection('invoices').where('leadId', '==', leadId).get()).docs.map((d) => d.get('number'));
      expect((await stored()).sort()).toEqual([...raced].sort());
      const resent: string[] = [];
      for (const [i, r] of replies.entries()) {
        if (r.status !== 503) continue;
        const again = await create(i);
        expect(again.status).toBe(201);
        resent.push(numberOf(again));
      }
      const numbers = [...raced, ...resent];
      expect(new Set(numbers).size).toBe(4);
      expect((await stored()).sort()).toEqual([...numbers].sort());
    },
  );
});

describe('invoice PDF', () => {
  it('the admin downloads it: number, amount, dates, terms, pay link and the studio details from settings', async () => {
    const leadId = await storeLead(db, { name: `Pdf Client ${TAG}`, email: `pdf.${TAG}@example.com` });
    const created = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '1234.5', description: 'Brand refresh', dueDate: '2031-03-15' },
    });
    expect(created.status).toBe(201);
    const { invoiceId, number, checkoutUrl } = created.json as Record<string, string>;

    const pdf = await fetchPdf(`/api/documents/invoice/${invoiceId}`, { authorization: `Bearer ${token}` });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${number}.pdf"`);
    const { text } = await pdfText(pdf.body);
    for (const s of [
      number!,
      // Amounts print as the web shows them; all of it is owed.
      'Total due',
      '$1,234.50',
      'Brand refresh',
      'March 15, 2031',
      STUDIO.businessName,
      STUDIO.postalAddress,
      STUDIO.contactEmail,
      `Tax ID: ${STUDIO.taxId}`,
      // The terms follow the invoice's own due date.
      'Payment due by March 15, 2031',
      STUDIO.invoiceFooter,
      `Pdf Client ${TAG}`,
    ]) {
      // A long name wraps inside its column (no text leaves the page), so words are compared across line breaks.
      expect(text.replace(/\s+/g, ' '), s).toContain(s);
    }
    // The pay link wraps across lines on the page.
    expect(text.replace(/\s+/g, '')).toContain(`http://127.0.0.1:5000${checkoutUrl}`);
    const png = pdfFirstPagePng(pdf.body, `api-${number}`);
    expect(pngSize(png).height).toBe(842);
    expect(pdfInk(pdf.body, `api-${number}`)).toBeGreaterThan(0.01);
  });

  it('only the admin downloads from /api/documents; unknown documents are 404', async () => {
    const leadId = await storeLead(db, { name: `Guard ${TAG}`, email: `guard.${TAG}@example.com` });
    const { invoiceId } = (
      await api('POST', '/api/create-invoice', { token, body: { leadId, amount: '10.00', description: 'Guarded' } })
    ).json as Record<string, string>;
    expect((await fetchPdf(`/api/documents/invoice/${invoiceId}`)).status).toBe(401);
    expect(
      (await fetchPdf(`/api/documents/invoice/${invoiceId}`, { authorization: `Bearer ${await userIdToken()}` }))
        .status,
    ).toBe(403);
    expect((await fetchPdf('/api/documents/invoice/nope', { authorization: `Bearer ${token}` })).status).toBe(404);
    expect((await fetchPdf(`/api/documents/bogus/${invoiceId}`, { authorization: `Bearer ${token}` })).status).toBe(
      404,
    );
    // A client link must be signed, for this document, and not expired.
    const good = signedDocumentPath({ kind: 'invoice', id: invoiceId! }, Date.now(), LINK_SECRET)!;
    expect((await fetchPdf(good)).status).toBe(200);
    expect((await fetchPdf(good.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
    expect((await fetchPdf(good.replace(`/invoice/${invoiceId}`, '/receipt/pi_test_x'))).status).toBe(403);
    expect(
      (
        await fetchPdf(
          signedDocumentPath({ kind: 'invoice', id: invoiceId! }, Date.now() - 2 * 3_600_000, LINK_SECRET)!,
        )
      ).status,
    ).toBe(403);
  });

  it('the invoice email stores a reference to its PDF; the sender attaches the rendered file', async () => {
    const leadId = await storeLead(db, { name: `Mail ${TAG}`, email: `mail.${TAG}@example.com` });
    const { invoiceId, number } = (
      await api('POST', '/api/create-invoice', { token, body: { leadId, amount: '99.99', description: 'Hosting' } })
    ).json as Record<string, string>;
    const entry = (
      await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'invoice').get()
    ).docs[0]!;
    expect(entry.get('attachments')).toEqual([{ kind: 'invoice', id: invoiceId }]);
    expect(entry.get('variables')).toMatchObject({ invoiceNumber: number, studioName: STUDIO.businessName });
    const log = await eventually(
      async () => (await db.collection('email_log').doc(entry.id).get()).data(),
      'the email log entry',
    );
    expect(log.subject).toContain(number);
    expect(log.attachments).toEqual([
      { filename: `${number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) },
    ]);
    expect(log.attachments[0].bytes).toBeGreaterThan(1000);
  });
});

describe('deposit and final payment requests, receipts', () => {
  it(
    'numbered when due, paid through test mode; the client downloads the receipt from My Project',
    { timeout: 90_000 },
    async () => {
      const email = `requests.${TAG}@example.com`;
      const leadId = await storeLead(db, {
        name: `Requests ${TAG}`,
        email,
        quoteAmountCents: 300_000,
        depositAmountCents: 150_000,
        finalAmountCents: 150_000,
      });
      const deposit = await eventually(
        async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data(),
        'the deposit request',
      );
      expect(deposit).toMatchObject({ purpose: 'deposit', amountCents: 150_000, status: 'open' });
      expect(parseInvoiceNumber(deposit.number)).not.toBeNull();
      // Due after the studio's payment terms.
      expect(deposit.dueDate.toMillis() - deposit.issuedAt.toMillis()).toBe(10 * DAY_MS);
      // No final payment request while the deposit is due.
      expect((await db.collection('payment_requests').doc(`${leadId}_final`).get()).exists).toBe(false);

      const intent = await api('POST', '/api/create-payment-intent', { body: { leadId } });
      const { paymentIntentId } = intent.json as { paymentIntentId: string };
      expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);

      const paid = await eventually(async () => {
        const d = (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).data();
        return d?.status === 'paid' ? d : null;
      }, 'the deposit request paid');
      expect(paid).toMatchObject({ number: deposit.number, paymentIntentId });
      // The paid request's own PDF says PAID on its paid date (the studio's clock) and what was paid, and no
      // longer asks for the money.
      const studioZone =
        ((await db.collection('settings').doc('studio').get()).get('timeZone') as string | undefined) ?? 'UTC';
      const paidPdf = await fetchPdf(`/api/documents/request/${leadId}_deposit`, { authorization: `Bearer ${token}` });
      expect(paidPdf.status).toBe(200);
      const paidText = (await pdfText(paidPdf.body)).text.replace(/\s+/g, ' ');
      for (const s of [
        'PAID',
        deposit.number,
        `Paid on ${formatDocumentDate(paid.paidAt.toDate(), studioZone)}`,
        'Amount paid',
        '$1,500.00',
      ])
        expect(paidText, s).toContain(s);
      for (const s of ['Total due', 'Payment due by', 'Pay online', '/checkout']) expect(paidText, s).not.toContain(s);
      // No final payment request before delivery: it is issued when the work launches.
      expect((await db.collection('payment_requests').doc(`${leadId}_final`).get()).exists).toBe(false);
      await db.collection('leads').doc(leadId).update({ status: 'Launch' });
      const final = await eventually(
        async () => (await db.collection('payment_requests').doc(`${leadId}_final`).get()).data(),
        'the final payment request',
      );
      expect(final).toMatchObject({ purpose: 'final', amountCents: 150_000, status: 'open' });
      expect(parseInvoiceNumber(final.number)!.seq).toBeGreaterThan(parseInvoiceNumber(deposit.number)!.seq);

      // The client's lookup lists signed links: both requests and the receipt.
      const lookup = await api('GET', `/api/client-project?email=${encodeURIComponent(email)}`);
      expect(lookup.status).toBe(200);
      const docs = (lookup.json as { documents: Array<{ kind: string; number: string | null; url: string }> })
        .documents;
      expect(docs.map((d) => [d.kind, d.number]).sort()).toEqual(
        [
          ['receipt', deposit.number],
          ['request', deposit.number],
          ['request', final.number],
        ].sort(),
      );
      const receiptLink = docs.find((d) => d.kind === 'receipt')!;
      const receipt = await fetchPdf(receiptLink.url);
      expect(receipt.status).toBe(200);
      expect(receipt.disposition).toBe(`attachment; filename="receipt-${deposit.number}.pdf"`);
      const { text } = await pdfText(receipt.body);
      for (const s of [
        'RECEIPT',
        'PAID',
        deposit.number,
        paymentIntentId,
        '$1,500.00',
        STUDIO.businessName,
        `Requests ${TAG}`,
      ])
        expect(text.replace(/\s+/g, ' '), s).toContain(s);

      // The receipt email carries the same PDF, rendered by the sender.
      const receiptMail = (
        await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'payment-received').get()
      ).docs[0]!;
      expect(receiptMail.get('attachments')).toEqual([{ kind: 'receipt', id: paymentIntentId }]);
      const log = await eventually(
        async () => (await db.collection('email_log').doc(receiptMail.id).get()).data(),
        'the receipt email',
      );
      expect(log.attachments[0].filename).toMatch(/^receipt-/);
    },
  );

  it('an unpaid payment has no receipt', async () => {
    const leadId = await storeLead(db, { name: `Unpaid ${TAG}`, email: `unpaid.${TAG}@example.com` });
    const { paymentIntentId } = (await api('POST', '/api/create-payment-intent', { body: { leadId } })).json as {
      paymentIntentId: string;
    };
    expect(
      (await fetchPdf(`/api/documents/receipt/${paymentIntentId}`, { authorization: `Bearer ${token}` })).status,
    ).toBe(404);
  });
});
