/**
 * E-invoices through the API: an invoice's CII XML download (admin, and the
 * client's signed link with the PDF's signature) is either a valid EN 16931
 * CII (CEN's artefacts, tests/en16931.ts) or a 409 that says what is missing;
 * the invoice PDF, when it carries its XML, passes the Factur-X structural
 * check (tests/pdfa.ts) and carries the same XML.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedDocumentPath } from '../../functions/src/features/documents/documents.js';
import { adminIdToken, api, db, download, settingsVersion } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { loadCiiValidator, validateCii } from '../en16931.js';
import { facturXProblems } from '../pdfa.js';

const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const LINK_SECRET = /^OUTBOX_SECRET_KEY=(.*)$/m.exec(readFileSync('functions/.env.demo-studio', 'utf8'))![1]!.trim();
let token: string;

const get = download;

beforeAll(async () => {
  loadCiiValidator();
  token = await adminIdToken();
  const body = {
    businessName: `E-invoice Studio ${TAG}`,
    postalAddress: '1 Torstraße\n10119 Berlin',
    contactEmail: 'accounts@einvoice-test.example',
    taxId: 'DE123456789',
    logoUrl: '',
    paymentTermsDays: 14,
    invoiceFooter: '',
    version: await settingsVersion('studio', token),
  };
  expect((await api('PUT', '/api/settings/studio', { token, body })).status).toBe(200);
}, 300_000);

describe('e-invoice XML and Factur-X PDF', () => {
  it('an invoice: valid CII XML or a 409 naming what is missing; the PDF carries the same XML', async () => {
    const leadId = await storeLead(db, { name: `Xml Client ${TAG}`, email: `xml.${TAG}@example.com` });
    const created = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '1234.50', description: 'Brand refresh', dueDate: '2031-03-15' },
    });
    expect(created.status).toBe(201);
    const { invoiceId, number } = created.json as Record<string, string>;
    const auth = { authorization: `Bearer ${token}` };

    const xml = await get(`/api/documents/invoice/${invoiceId}.xml`, auth);
    const pdf = await get(`/api/documents/invoice/${invoiceId}`, auth);
    expect(pdf.status).toBe(200);
    const inPdf = await facturXProblems(pdf.body);
    if (xml.status === 200) {
      expect(xml.type).toBe('application/xml; charset=utf-8');
      expect(xml.disposition).toBe(`attachment; filename="${number}.xml"`);
      expect(validateCii(xml.body.toString('utf8')).errors).toEqual([]);
      expect(inPdf.problems).toEqual([]);
      expect(inPdf.xml).toBe(xml.body.toString('utf8'));
    } else {
      expect(xml.status).toBe(409);
      expect(JSON.parse(xml.body.toString('utf8')).error).toMatch(
        /^(This document has no e-invoice|The e-invoice needs .+)$/,
      );
      // Without its XML the PDF stays a plain one.
      expect(inPdf.xml).toBeNull();
    }

    // The client's signed link opens the same answer; unsigned, it is refused; no XML for a receipt kind.
    const signed = signedDocumentPath({ kind: 'invoice', id: invoiceId! }, Date.now(), LINK_SECRET)!;
    const [path, query] = signed.split('?');
    const client = await get(`${path}.xml?${query}`);
    expect(client.status).toBe(xml.status);
    expect(client.body.equals(xml.body)).toBe(true);
    expect((await get(`/api/client-documents/invoice/${invoiceId}.xml`)).status).toBe(403);
    expect((await get(`/api/documents/invoice/${invoiceId}.xml`)).status).toBe(401);
    expect((await get(`/api/documents/receipt/${invoiceId}.xml`, auth)).status).toBe(404);
  });
});
