/**
 * The e-invoice XML downloads: admin `/documents/{kind}/{id}.xml` and the client's signed
 * `/client-documents/{kind}/{id}.xml`, with the PDF's signature rules; the XML itself is documents.ts
 * renderDocumentXml's (stubbed here: its XML is ciiXml's, tested in einvoice/).
 */
import express from 'express';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/errors.js';

vi.mock('firebase-functions/logger', () => ({
  warn: vi.fn(),
  info: vi.fn(),
  error: vi.fn(),
  debug: vi.fn(),
  log: vi.fn(),
}));
vi.mock('../../platform/firebase.js', () => ({ db: {} }));
const renderDocumentXml = vi.hoisted(() => vi.fn());
vi.mock('./documents.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./documents.js')>()),
  renderDocumentXml,
  verifyDocumentLink: (_ref: unknown, exp: unknown, sig: unknown) => exp === '9999999999' && sig === 'good',
}));
const { documentsAdminRouter, documentsPublicRouter } = await import('./router.js');
const { errorHandler } = await import('../../http.js');

async function get(path: string) {
  const app = express();
  app.use(documentsPublicRouter, documentsAdminRouter, errorHandler);
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      body: await res.text(),
    };
  } finally {
    server.close();
  }
}

describe('e-invoice XML downloads', () => {
  beforeEach(() => {
    renderDocumentXml.mockReset();
    renderDocumentXml.mockResolvedValue({ filename: 'INV-2026-0042.xml', xml: '<?xml version="1.0"?><x/>' });
  });

  it('admin: the XML of an invoice, a request or a credit note as application/xml named after its number', async () => {
    for (const kind of ['invoice', 'request', 'credit-note']) {
      const r = await get(`/documents/${kind}/abc_1.xml`);
      expect(r).toMatchObject({
        status: 200,
        type: 'application/xml; charset=utf-8',
        body: '<?xml version="1.0"?><x/>',
      });
      expect(r.disposition).toBe('attachment; filename="INV-2026-0042.xml"');
      expect(renderDocumentXml).toHaveBeenLastCalledWith({}, { kind, id: 'abc_1' });
    }
  });

  it('a receipt, a proposal or an impossible id has no XML (404), and the PDF route is untouched by .xml', async () => {
    for (const path of ['/documents/receipt/pi_1.xml', '/documents/proposal/p1.xml', '/documents/invoice/a.b.xml'])
      expect((await get(path)).status).toBe(404);
    expect(renderDocumentXml).not.toHaveBeenCalled();
  });

  it('409 with what is missing, as renderDocumentXml says it', async () => {
    renderDocumentXml.mockRejectedValue(
      new AppError('Conflict', "The e-invoice needs the studio's country in Settings"),
    );
    const r = await get('/documents/invoice/abc.xml');
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toMatchObject({ error: "The e-invoice needs the studio's country in Settings" });
  });

  it("client: the PDF link's signature opens the XML; a bad or missing one is 403", async () => {
    expect((await get('/client-documents/invoice/abc.xml?exp=9999999999&sig=good')).status).toBe(200);
    expect((await get('/client-documents/invoice/abc.xml?exp=9999999999&sig=bad')).status).toBe(403);
    expect((await get('/client-documents/invoice/abc.xml')).status).toBe(403);
  });
});
