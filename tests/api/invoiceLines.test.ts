/**
 * Invoices with lines and the legal invoice fields through the API: the studio's legal fields in its
 * settings, a client's billing fields on their lead (PUT /api/leads/{id}/billing: admin only, an EU tax id
 * must be a VAT id of its country), and an invoice of several lines to an EU business with a valid VAT id in
 * another member state: reverse charge at 0% with its note, stored (lines, breakdown, parties as issued) and
 * printed, its lines' total the stored amount and what checkout charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  centsToString,
  clientLeadReply,
  formatUsd,
  invoiceDocSchema,
  leadDocSchema,
  leadStatement,
  ledgerEntryDocSchema,
  parseAmountToCents,
  portalOverviewReply,
  type StudioSettings,
} from '@studio/domain';
import { TAX_NOTES, vatIdMessage } from '@studio/domain/invoiceTax';
import { LEDGER_CSV_CASH, ledgerCsv, outstanding } from '../../web/src/features/billing/money.js';
import { adminIdToken, api, BASE_URL, db, download, eventually, userIdToken } from '../helpers.js';
import { NO_QUOTE, storeLead } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';
import { pdfText } from '../pdfText.js';

const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let token: string;
let before: StudioSettings;

/** Saves the studio settings with `over` on top of the stored ones; the reply. */
async function saveStudio(over: Record<string, unknown>) {
  const read = (await api('GET', '/api/settings/studio', { token })).json as {
    settings: StudioSettings;
    version: number;
  };
  const body = { ...read.settings, logoUrl: read.settings.logoUrl ?? '', ...over, version: read.version };
  return api('PUT', '/api/settings/studio', { token, body });
}

beforeAll(async () => {
  token = await adminIdToken();
  before = ((await api('GET', '/api/settings/studio', { token })).json as { settings: StudioSettings }).settings;
});

afterAll(async () => {
  const { legalName, legalAddress, country, taxId, vatRegistered, taxRateBps, taxLabel } = before;
  await saveStudio({ legalName, legalAddress, country, taxId, vatRegistered, taxRateBps, taxLabel });
});

describe('legal invoice fields', () => {
  it("the studio's legal fields save with its settings; VAT registered needs a valid VAT id of its country", async () => {
    const bad = await saveStudio({ country: 'DE', vatRegistered: true, taxId: 'DE136695977' });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: Record<string, string> }).fields.taxId).toBe(vatIdMessage('DE'));
    expect((await saveStudio({ vatRegistered: true, country: '', taxId: '' })).status).toBe(400);

    const ok = await saveStudio({
      legalName: `Atelier Nord GmbH ${TAG}`,
      legalAddress: 'Hafenstraße 1, 20457 Hamburg',
      country: 'de',
      taxId: 'de 136 695 976',
      vatRegistered: true,
      taxRateBps: 1900,
      taxLabel: 'VAT',
    });
    expect(ok.status).toBe(200);
    const read = (await api('GET', '/api/settings/studio', { token })).json as { settings: StudioSettings };
    expect(read.settings).toMatchObject({ country: 'DE', taxId: 'DE136695976', vatRegistered: true });
  });

  it('billing fields: admin only, strict, an EU tax id checked, stored on the lead', async () => {
    const leadId = await storeLead(db, { name: `Billing ${TAG}`, email: `billing.${TAG}@example.com` });
    const path = `/api/leads/${leadId}/billing`;
    const body = {
      company: 'Studio Lumière SARL',
      address: '3 rue de la Paix, 75002 Paris',
      country: 'FR',
      taxId: 'FR40303265045',
    };
    expect((await api('PUT', path, { body })).status).toBe(401);
    expect((await api('PUT', path, { token: await userIdToken(), body })).status).toBe(403);
    expect((await api('PUT', path, { token, body: { ...body, admin: true } })).status).toBe(400);
    const badVat = await api('PUT', path, { token, body: { ...body, taxId: 'FR00000000001' } });
    expect(badVat.status).toBe(400);
    expect((badVat.json as { fields: Record<string, string> }).fields.taxId).toBe(vatIdMessage('FR'));
    expect((await api('PUT', '/api/leads/missing-lead/billing', { token, body })).status).toBe(404);
    expect((await db.collection('leads').doc(leadId).get()).get('billing')).toBeUndefined();

    const res = await api('PUT', path, { token, body: { ...body, taxId: 'fr 40 303265045' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, billing: body });
    expect((await db.collection('leads').doc(leadId).get()).get('billing')).toEqual(body);
  });
});

describe('an invoice with lines to an EU business in another member state', () => {
  it('is reverse charged at 0% with its note, stored as issued and printed; lines total = amount = checkout', async () => {
    expect(
      (
        await saveStudio({
          country: 'DE',
          taxId: 'DE136695976',
          vatRegistered: true,
          taxRateBps: 1900,
          taxLabel: 'VAT',
          legalName: `Atelier Nord GmbH ${TAG}`,
        })
      ).status,
    ).toBe(200);
    const leadId = await storeLead(db, { name: 'Élise Martin', email: `elise.${TAG}@example.com` });
    const billing = {
      company: `Studio Lumière SARL ${TAG}`,
      address: '3 rue de la Paix, 75002 Paris',
      country: 'FR',
      taxId: 'FR40303265045',
    };
    expect((await api('PUT', `/api/leads/${leadId}/billing`, { token, body: billing })).status).toBe(200);

    const lines = [
      { description: 'Design workshop', quantity: '12.5', unit: 'HUR', unitPrice: '90.00', taxRateBps: 1900 },
      { description: 'Hosting', quantity: '3', unit: 'MON', unitPrice: '25.00', taxRateBps: 1900 },
      { description: 'Loyalty discount', quantity: '1', unit: 'LS', unitPrice: '-50.00', taxRateBps: 1900 },
    ];
    const both = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, description: 'Website', amount: '10.00', lines },
    });
    expect(both.status).toBe(400);

    const res = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, description: 'Website, November', lines, supplyDate: '2026-11-30' },
    });
    expect(res.status).toBe(201);
    const { invoiceId, number, checkoutUrl } = res.json as { invoiceId: string; number: string; checkoutUrl: string };
    const stored = (await db.collection('invoices').doc(invoiceId).get()).data()!;
    // 12.5 × 90.00 + 3 × 25.00 − 50.00 = 1,150.00, at 0% (reverse charge): no tax.
    expect(stored).toMatchObject({
      amountCents: 115_000,
      subtotalCents: 115_000,
      taxCents: 0,
      taxRateBps: 0,
      currency: 'USD',
      supplyDate: '2026-11-30',
      taxTreatment: 'reverse_charge',
      taxNote: TAX_NOTES.reverseCharge,
      taxBreakdown: [{ category: 'AE', rateBps: 0, taxableCents: 115_000, taxCents: 0 }],
      seller: { name: `Atelier Nord GmbH ${TAG}`, country: 'DE', vatId: 'DE136695976' },
      buyer: { name: billing.company, contactName: 'Élise Martin', country: 'FR', vatId: 'FR40303265045' },
    });
    expect(stored.lines).toHaveLength(3);
    expect(stored.lines[0]).toEqual({
      description: 'Design workshop',
      quantityMilli: 12_500,
      unit: 'HUR',
      unitPriceCents: 9_000,
      taxRateBps: 0,
      taxCategory: 'AE',
    });

    // One truth: the checkout link and the PaymentIntent charge the stored amount.
    expect(new URLSearchParams(checkoutUrl.split('?')[1]).get('amount')).toBe(centsToString(stored.amountCents));
    const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId } });
    expect(intent.status).toBe(200);
    expect((intent.json as { amount: string }).amount).toBe('1150.00');

    // Issued means fixed: a later change of the studio's or the client's details does not change it.
    await api('PUT', `/api/leads/${leadId}/billing`, { token, body: { ...billing, company: 'Renamed SARL' } });
    const pdf = await fetch(`${BASE_URL}/api/documents/invoice/${invoiceId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    const flat = text.replace(/\s+/g, ' ');
    for (const s of [
      number,
      `Atelier Nord GmbH ${TAG}`,
      'VAT ID: DE136695976',
      billing.company,
      'VAT ID: FR40303265045',
      'Date of supply',
      'November 30, 2026',
      'USD',
      'Design workshop',
      '12.5',
      '$90.00',
      '$1,125.00',
      '-$50.00',
      'Reverse charge (0%) on $1,150.00',
      '$1,150.00',
    ])
      expect(flat, s).toContain(s);
    expect(flat).not.toContain('Renamed SARL');
    expect(text.replace(/\s+/g, '')).toContain(TAX_NOTES.reverseCharge.replace(/\s+/g, ''));
  });

  it('the same client in the studio country, or without a VAT id, pays the studio rate per line', async () => {
    const leadId = await storeLead(db, { name: `Domestic ${TAG}`, email: `domestic.${TAG}@example.com` });
    const res = await api('POST', '/api/create-invoice', {
      token,
      body: {
        leadId,
        description: 'Two rates',
        lines: [
          { description: 'Design', quantity: '1', unitPrice: '100.00', taxRateBps: 1900 },
          { description: 'Book', quantity: '2', unitPrice: '10.00', taxRateBps: 700 },
        ],
      },
    });
    expect(res.status).toBe(201);
    const stored = (
      await db
        .collection('invoices')
        .doc((res.json as { invoiceId: string }).invoiceId)
        .get()
    ).data()!;
    // 100.00 + 19.00 and 20.00 + 1.40: one tax per rate.
    expect(stored).toMatchObject({
      amountCents: 14_040,
      subtotalCents: 12_000,
      taxCents: 2_040,
      taxRateBps: null,
      taxNote: null,
    });
    expect(stored.taxBreakdown).toEqual([
      { category: 'S', rateBps: 1900, taxableCents: 10_000, taxCents: 1_900 },
      { category: 'S', rateBps: 700, taxableCents: 2_000, taxCents: 140 },
    ]);
  });
});

describe('an itemised invoice on every surface', () => {
  it('states one total and one balance in Invoicing, Money, My Project, the portal, the email, the PDF, the XML and the ledger CSV', async () => {
    const email = `surfaces.${TAG}@example.com`;
    // No quote: the invoice is all the client is billed, so each surface's total is the invoice's.
    const leadId = await storeLead(db, { name: `Surfaces ${TAG}`, email, ...NO_QUOTE });
    // A private client in the studio's country (an e-invoice names the buyer's country): the studio's rates.
    expect((await api('PUT', `/api/leads/${leadId}/billing`, { token, body: { country: 'DE' } })).status).toBe(200);
    const created = await api('POST', '/api/create-invoice', {
      token,
      body: {
        leadId,
        description: 'Two rates and a discount',
        lines: [
          { description: 'Design', quantity: '1.5', unit: 'HUR', unitPrice: '80.00', taxRateBps: 1900 },
          { description: 'Print run', quantity: '3', unitPrice: '12.34', taxRateBps: 700 },
          { description: 'Discount', quantity: '1', unitPrice: '-5.00', taxRateBps: 1900 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { invoiceId, number } = created.json as { invoiceId: string; number: string };
    const doc = invoiceDocSchema.parse((await db.collection('invoices').doc(invoiceId).get()).data());
    // 120.00 − 5.00 at 19% and 37.02 at 7%: 115.00 + 21.85 + 37.02 + 2.59.
    const total = doc.amountCents;
    expect(total).toBe(17_646);
    const usd = formatUsd(total);

    /** What each surface says the client owes on it, and the statement's total, as cents. */
    const surfaces = async () => {
      const lead = leadDocSchema.parse((await db.collection('leads').doc(leadId).get()).data());
      const invoice = invoiceDocSchema.parse((await db.collection('invoices').doc(invoiceId).get()).data());
      const settings = (await api('GET', '/api/settings/studio', { token })).json as { settings: StudioSettings };
      const now = new Date();
      const invoicing = leadStatement({
        leadId,
        lead,
        documents: [{ id: invoiceId, ...invoice }],
        now,
        timeZone: settings.settings.timeZone,
      });
      const [lookup, portal] = await Promise.all([
        api('GET', `/api/client-project?email=${encodeURIComponent(email)}`),
        emailLinkIdToken(email).then((t) => api('GET', '/api/portal/overview', { token: t })),
      ]);
      const mine = clientLeadReply.parse((lookup.json as { lead: unknown }).lead).statement!;
      const portalInvoice = portalOverviewReply.parse(portal.json).invoices.find((i) => i.id === invoiceId)!;
      const money = outstanding([{ kind: 'invoice', doc: { id: invoiceId, ...invoice } }], now, email);
      return {
        invoicing: invoicing.lines.find((l) => l.document.id === invoiceId)!.owedCents,
        invoicingTotal: invoicing.totals.owedCents,
        myProject: parseAmountToCents(mine.lines.find((l) => l.id === invoiceId)!.owed),
        myProjectTotal: parseAmountToCents(mine.owed),
        portal: parseAmountToCents(portalInvoice.owed),
        money: money.find((r) => r.id === invoiceId)?.amountDueCents ?? 0,
      };
    };
    const owed = (cents: number) => ({
      invoicing: cents,
      invoicingTotal: cents,
      myProject: cents,
      myProjectTotal: cents,
      portal: cents,
      money: cents,
    });
    expect(await surfaces()).toEqual(owed(total));

    // The email that sends it, the checkout, the PDF and its XML: the same total.
    const sent = await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'invoice').get();
    expect(sent.docs.map((d) => d.get('variables.amount'))).toEqual([usd]);
    const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId } });
    expect((intent.json as { amount: string }).amount).toBe(centsToString(total));
    const auth = { authorization: `Bearer ${token}` };
    const pdf = (await pdfText((await download(`/api/documents/invoice/${invoiceId}`, auth)).body)).text;
    expect(pdf).toContain(number);
    expect(pdf).toContain('Total due');
    expect(pdf).toContain(usd);
    const xml = (await download(`/api/documents/invoice/${invoiceId}.xml`, auth)).body.toString('utf8');
    expect(xml).toContain(`<ram:GrandTotalAmount>${centsToString(total)}</ram:GrandTotalAmount>`);
    expect(xml).toContain(`<ram:DuePayableAmount>${centsToString(total)}</ram:DuePayableAmount>`);

    // Paid: every surface owes nothing, and the ledger CSV's cash column sums to the total.
    const pi = (intent.json as { paymentIntentId: string }).paymentIntentId;
    expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId: pi } })).status).toBe(200);
    await eventually(
      async () => (await db.collection('invoices').doc(invoiceId).get()).get('status') === 'paid',
      'the invoice marked paid',
    );
    expect(await surfaces()).toEqual(owed(0));
    const entries = (await db.collection('ledger_entries').where('paymentIntentId', '==', pi).get()).docs.map((d) => ({
      id: d.id,
      ...ledgerEntryDocSchema.parse(d.data()),
    }));
    const csv = Papa.parse<Record<string, string>>(ledgerCsv(entries), { header: true }).data;
    expect(csv.reduce((s, r) => s + parseAmountToCents(r[LEDGER_CSV_CASH]!)!, 0)).toBe(total);
    const paidXml = (await download(`/api/documents/invoice/${invoiceId}.xml`, auth)).body.toString('utf8');
    expect(paidXml).toContain(`<ram:TotalPrepaidAmount>${centsToString(total)}</ram:TotalPrepaidAmount>`);
    expect(paidXml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
  });
});
