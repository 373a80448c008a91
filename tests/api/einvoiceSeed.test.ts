/**
 * Every invoice of the demo seed is an e-invoice any tax office accepts: the
 * seed's reverse-charged invoice to its Italian business client, and the
 * deposit and final payment requests of its leads, download as Factur-X
 * PDF/A-3b (Apache PDFBox Preflight's rules less what PDF/A-3 lifts,
 * tests/pdfaPreflight.ts, and the Factur-X structure of tests/pdfa.ts) carrying CII
 * XML that passes CEN's EN 16931 validation (tests/en16931.ts) with no failed
 * assert, the same XML as their own download. The studio's details are put
 * back to the seed's first: other suites change them, and a payment request
 * is printed with the studio's details of the day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@studio/domain';
import { TAX_NOTES } from '@studio/domain/invoiceTax';
import { SEED_LEAD_EMAILS, SEED_STUDIO } from '../../scripts/seed.js';
import { adminIdToken, api, db, download, settingsVersion } from '../helpers.js';
import { loadCiiValidator, validateCii } from '../en16931.js';
import { facturXProblems } from '../pdfa.js';
import { pdfA3Problems } from '../pdfaPreflight.js';
import { pdfText } from '../pdfText.js';

let token: string;
const EU_CLIENT_EMAIL = 'sofia@rossiwines.example';
/** The one invoice the seed issues (scripts/seed.ts seedInvoices); the suites issue others to the same leads. */
const SEED_INVOICE_DESCRIPTION = 'Winery shop: design sprint and first month of hosting';

/** A document as the admin downloads it. */
const adminDownload = (path: string) => download(path, { authorization: `Bearer ${token}` });

/** The ids of the seed's leads (by their addresses). */
async function seedLeadIds(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const email of SEED_LEAD_EMAILS) {
    const q = await db.collection(COLLECTIONS.leads).where('email', '==', email).get();
    for (const d of q.docs) ids.set(d.id, email);
  }
  return ids;
}

beforeAll(async () => {
  loadCiiValidator();
  token = await adminIdToken();
  const { logoUrl: _logo, ...studio } = SEED_STUDIO;
  const body = { ...studio, logoUrl: '', version: await settingsVersion('studio', token) };
  const put = await api('PUT', '/api/settings/studio', { token, body });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
}, 300_000);

describe("the demo seed's invoices", () => {
  it('each is a Factur-X PDF/A-3b whose CII XML passes EN 16931, as its XML download says', async () => {
    const leads = await seedLeadIds();
    expect(leads.size).toBe(SEED_LEAD_EMAILS.length);
    const docs: Array<{ kind: 'invoice' | 'request'; id: string; leadId: string }> = [];
    for (const [kind, col] of [
      ['invoice', COLLECTIONS.invoices],
      ['request', COLLECTIONS.paymentRequests],
    ] as const) {
      const snap = await db.collection(col).get();
      for (const d of snap.docs) {
        const leadId = String(d.get('leadId'));
        // The seed's: its leads' documents, the invoice only the one the seed issued (others come from suites).
        if (!leads.has(leadId)) continue;
        if (kind === 'invoice' && d.get('description') !== SEED_INVOICE_DESCRIPTION) continue;
        docs.push({ kind, id: d.id, leadId });
      }
    }
    expect(docs.filter((d) => d.kind === 'invoice').length).toBeGreaterThanOrEqual(1);
    expect(docs.filter((d) => d.kind === 'request').length).toBeGreaterThanOrEqual(1);

    const pdfs: Record<string, Uint8Array> = {};
    for (const doc of docs) {
      const name = `${doc.kind} ${doc.id}`;
      const pdf = await adminDownload(`/api/documents/${doc.kind}/${doc.id}`);
      expect(pdf.status, name).toBe(200);
      pdfs[name] = pdf.body;
      const check = await facturXProblems(pdf.body);
      expect(check.problems, name).toEqual([]);
      expect(check.xml, name).not.toBeNull();
      const validation = validateCii(check.xml!);
      expect(validation.errors, name).toEqual([]);
      const xml = await adminDownload(`/api/documents/${doc.kind}/${doc.id}.xml`);
      expect(xml.status, name).toBe(200);
      expect(xml.body.toString('utf8'), name).toBe(check.xml);
    }
    const pdfA3 = await pdfA3Problems(pdfs);
    expect(Object.keys(pdfA3)).toEqual(Object.keys(pdfs));
    for (const [name, problems] of Object.entries(pdfA3)) expect(problems, name).toEqual([]);
  });

  it('the invoice and the payment requests to the EU business client are reverse-charged at 0% with its note, in the PDF and the XML', async () => {
    const leads = await seedLeadIds();
    const leadId = [...leads].find(([, email]) => email === EU_CLIENT_EMAIL)![0];
    const snap = await db.collection(COLLECTIONS.invoices).where('leadId', '==', leadId).get();
    const invoice = snap.docs.find((d) => d.get('description') === SEED_INVOICE_DESCRIPTION)!;
    const requests = await db.collection(COLLECTIONS.paymentRequests).where('leadId', '==', leadId).get();
    expect(requests.size).toBeGreaterThanOrEqual(1);
    const docs = [['invoice', invoice.id], ...requests.docs.map((d) => ['request', d.id])] as const;
    for (const [kind, id] of docs) {
      const pdf = await adminDownload(`/api/documents/${kind}/${id}`);
      expect(pdf.status, id).toBe(200);
      // Compared without white space: the note wraps where the page ends its line.
      const text = (await pdfText(pdf.body)).text.replace(/\s+/g, '');
      expect(text, id).toContain(TAX_NOTES.reverseCharge.replace(/\s+/g, ''));
      expect(text, id).toContain('IT02468130584');
      const xml = (await adminDownload(`/api/documents/${kind}/${id}.xml`)).body.toString('utf8');
      expect(xml, id).toMatch(/<ram:CategoryCode>AE<\/ram:CategoryCode>/);
      expect(xml, id).not.toMatch(/<ram:CategoryCode>S<\/ram:CategoryCode>/);
      expect(xml, id).toMatch(/<ram:RateApplicablePercent>0(\.00)?<\/ram:RateApplicablePercent>/);
      expect(validateCii(xml).errors, id).toEqual([]);
    }
  });
});
