/**
 * The client portal's documents and the owner's view of a client's sign-in
 * (functions/src/features/portal documents.ts, signIns.ts): a client lists and
 * downloads the PDFs of their own leads (invoices, receipts, credit notes,
 * signed proposals) and nothing of anyone else's (404); the first portal call
 * records the sign-in once, in the activity history too; the portal's due
 * days are the studio's. Lead files: the owner uploads, shows, hides and
 * removes them (each in the history); the bytes live in the Cloud Storage
 * stand-in (scripts/storage-standin.mjs) and reach a browser only through a
 * signed, expiring link; another client's file is 404, an expired or altered
 * link 403, a file over the cap or of a refused type 400 with nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  formatDocumentDate,
  ledgerMonths,
  portalDocumentsReply,
  portalOverviewReply,
  portalStatusReply,
  studioSettingsReply,
  FILE_LINK_TTL_MS,
  LEAD_FILE_MAX_BYTES,
  leadFileReply,
  leadFilesReply,
} from '@studio/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { adminIdToken, api, BASE_URL, db, userIdToken } from '../helpers.js';
import { fileDownloadPath } from '../../functions/src/features/lead-files/fileLinks.js';
import { storeLead, storePaidPayment } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';

const first = `portal-docs-a-${randomUUID()}@example.com`;
const second = `portal-docs-b-${randomUUID()}@example.com`;
let firstToken: string;
let secondToken: string;
let adminToken: string;
let leadA: string;
let leadB: string;
let invoiceId: string;
let invoiceNumber: string;
const paymentId = `pi_portal_${randomUUID().replace(/-/g, '')}`;
const creditNoteId = `portal-credit-${randomUUID()}`;
const creditNumber = `CN-T-${randomUUID().slice(0, 6)}`;
const DUE = new Date('2030-03-05T02:00:00Z');

/** A credit note as the refund handler writes it (domain ledgerEntryDocSchema), with its month's totals. */
async function storeCreditNote(leadId: string, amountCents: number, documentNumber: string) {
  const at = Timestamp.now();
  const batch = db.batch();
  batch.create(db.collection(COLLECTIONS.ledgerEntries).doc(creditNoteId), {
    type: 'credit_note',
    amountCents,
    currency: 'usd',
    documentKind: null,
    documentId: null,
    documentNumber,
    number: creditNumber,
    leadId,
    customerEmail: first,
    customerName: 'Docs A',
    paymentIntentId: paymentId,
    reference: 're_portal',
    stripeEventId: null,
    reason: 'requested_by_customer',
    by: 'test',
    at,
  });
  const [month] = ledgerMonths([{ type: 'credit_note', amountCents, at: at.toDate() }]);
  batch.set(
    db.collection(COLLECTIONS.ledgerMonths).doc(month!.month),
    { month: month!.month, cashCents: FieldValue.increment(month!.cashCents), entries: FieldValue.increment(1) },
    { merge: true },
  );
  await batch.commit();
}

beforeAll(async () => {
  leadA = await storeLead(db, { email: first, name: 'Docs A' });
  leadB = await storeLead(db, { email: second, name: 'Docs B' });
  invoiceNumber = `INV-T-${randomUUID().slice(0, 6)}`;
  const inv = db.collection('invoices').doc();
  await inv.set({
    leadId: leadA,
    number: invoiceNumber,
    email: first,
    clientName: 'Docs A',
    amountCents: 5_000,
    description: 'Logo design',
    status: 'open',
    dueDate: Timestamp.fromDate(DUE),
    createdAt: Timestamp.now(),
    paidAt: null,
    paymentIntentId: null,
    checkoutUrl: null,
  });
  invoiceId = inv.id;
  await storePaidPayment(db, { id: paymentId, leadId: leadA, purpose: 'invoice', amountCents: 2_500 });
  await storeCreditNote(leadA, 1_000, invoiceNumber);
  adminToken = await adminIdToken();
  [firstToken, secondToken] = await Promise.all([emailLinkIdToken(first), emailLinkIdToken(second)]);
});

describe('portal documents', () => {
  it('lists the client’s invoices, receipts and credit notes, each downloadable as a PDF through the portal', async () => {
    const res = await api('GET', '/api/portal/documents', { token: firstToken });
    expect(res.status).toBe(200);
    const docs = portalDocumentsReply.parse(res.json).documents;
    // Besides these, the lead's deposit request may be listed (the payment-request trigger issues it when it runs).
    expect(docs.map((d) => `${d.kind}:${d.id}`)).toEqual(
      expect.arrayContaining([`credit-note:${creditNoteId}`, `invoice:${invoiceId}`, `receipt:${paymentId}`]),
    );
    expect(docs.every((d) => d.kind !== 'request' || d.id.startsWith(leadA))).toBe(true);
    expect(docs.find((d) => d.kind === 'credit-note')!.label).toBe(
      `Credit note (${creditNumber}) for ${invoiceNumber}`,
    );
    for (const d of docs) {
      const pdf = await fetchPdf(d.downloadPath, firstToken);
      expect(pdf.status, d.label).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.start).toBe('%PDF');
    }
  });

  it('another client’s document is 404, as one that does not exist; no session is 401', async () => {
    const theirs = portalDocumentsReply.parse((await api('GET', '/api/portal/documents', { token: secondToken })).json);
    expect(theirs.documents.some((d) => [invoiceId, paymentId, creditNoteId].includes(d.id))).toBe(false);
    for (const path of [
      `/api/portal/documents/invoice/${invoiceId}`,
      `/api/portal/documents/receipt/${paymentId}`,
      `/api/portal/documents/credit-note/${creditNoteId}`,
      '/api/portal/documents/invoice/nope',
      '/api/portal/documents/nonsense/x',
    ]) {
      const r = await api('GET', path, { token: secondToken });
      expect([r.status, r.json], path).toEqual([404, { error: 'Document not found' }]);
    }
    expect((await api('GET', `/api/portal/documents/invoice/${invoiceId}`)).status).toBe(401);
    expect((await api('GET', '/api/portal/documents', { token: adminToken })).status).toBe(403);
  });

  it('sends the due day as the studio’s PDFs write it, not an instant for the browser’s zone', async () => {
    const overview = portalOverviewReply.parse((await api('GET', '/api/portal/overview', { token: firstToken })).json);
    const { settings } = studioSettingsReply.parse(
      (await api('GET', '/api/settings/studio', { token: adminToken })).json,
    );
    expect(overview.invoices.find((i) => i.id === invoiceId)!.dueDate).toBe(formatDocumentDate(DUE, settings.timeZone));
  });
});

describe('portal sign-in on the lead', () => {
  it('records the first portal call once, with one history entry, and the owner reads when', async () => {
    const email = `portal-status-${randomUUID()}@example.com`;
    const leadId = await storeLead(db, { email, name: 'Status Client' });
    const before = portalStatusReply.parse(
      (await api('GET', `/api/leads/${leadId}/portal-status`, { token: adminToken })).json,
    );
    expect(before).toEqual({ success: true, signedIn: false, signedInAt: null });
    const token = await emailLinkIdToken(email);
    for (let i = 0; i < 3; i++) expect((await api('GET', '/api/portal/overview', { token })).status).toBe(200);
    const after = portalStatusReply.parse(
      (await api('GET', `/api/leads/${leadId}/portal-status`, { token: adminToken })).json,
    );
    expect(after.signedIn).toBe(true);
    expect(Date.now() - Date.parse(after.signedInAt!)).toBeLessThan(10 * 60_000);
    const history = await db.collection('lead_activity').where('leadId', '==', leadId).get();
    expect(history.docs.filter((d) => d.get('type') === 'portal_signed_in')).toHaveLength(1);
    expect(history.docs.find((d) => d.get('type') === 'portal_signed_in')!.get('by')).toBe('client');
  });

  it('is the admin’s alone: 401 without a session, 403 for a client or a non-admin, 404 for an unknown lead', async () => {
    expect((await api('GET', `/api/leads/${leadB}/portal-status`)).status).toBe(401);
    expect((await api('GET', `/api/leads/${leadB}/portal-status`, { token: secondToken })).status).toBe(403);
    expect((await api('GET', `/api/leads/${leadB}/portal-status`, { token: await userIdToken() })).status).toBe(403);
    expect((await api('GET', '/api/leads/nope/portal-status', { token: adminToken })).status).toBe(404);
  });
});

const STORAGE = process.env.STORAGE_EMULATOR_HOST ?? 'http://127.0.0.1:9199';
const BUCKET = `${process.env.GCLOUD_PROJECT ?? 'demo-studio'}.firebasestorage.app`;
/** The demo project's link secret (functions/.env.demo-studio OUTBOX_SECRET_KEY), to make an already expired link. */
const DEMO_SECRET = 'demo-studio-outbox-key-emulator-only';
const PDF = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');

/** The names of the objects the Cloud Storage stand-in holds for lead `leadId`. */
async function storedObjects(leadId: string): Promise<string[]> {
  const res = await fetch(`${STORAGE}/storage/v1/b/${BUCKET}/o?prefix=${encodeURIComponent(`lead_files/${leadId}/`)}`);
  const json = (await res.json()) as { items?: Array<{ name: string }> };
  return (json.items ?? []).map((o) => o.name);
}

/** GET a download link (no session): status and body. */
async function download(path: string) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { 'x-studio-test-client': randomUUID() } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

const upload = (leadId: string, body: Record<string, unknown>, token = adminToken) =>
  api('POST', `/api/leads/${leadId}/files`, { token, body });

const historyTypes = async (leadId: string) =>
  (await db.collection('lead_activity').where('leadId', '==', leadId).get()).docs.map((d) => d.get('type') as string);

describe('lead files', () => {
  it('the owner uploads a file; the client sees it only once shown, downloads it by a signed link; another client gets 404', async () => {
    const up = await upload(leadA, {
      name: 'Logo final.pdf',
      contentType: 'application/pdf',
      dataBase64: PDF.toString('base64'),
    });
    expect(up.status).toBe(201);
    const file = leadFileReply.parse(up.json).file;
    expect(file).toMatchObject({ name: 'Logo final.pdf', sizeBytes: PDF.length, visibleToClient: false });
    expect(await storedObjects(leadA)).toEqual([`lead_files/${leadA}/${file.id}`]);
    // The owner's own link serves the bytes.
    const own = await download(file.downloadPath);
    expect([own.status, own.type, own.body.equals(PDF)]).toEqual([200, 'application/pdf', true]);
    // Only a client's download goes in the history.
    expect(await historyTypes(leadA)).not.toContain('file_downloaded');

    // Hidden: not listed for the client, 404 by id.
    const hidden = leadFilesReply.parse((await api('GET', '/api/portal/files', { token: firstToken })).json);
    expect(hidden.files.map((f) => f.id)).not.toContain(file.id);
    expect((await api('GET', `/api/portal/files/${file.id}`, { token: firstToken })).status).toBe(404);

    const shown = await api('PUT', `/api/leads/${leadA}/files/${file.id}`, {
      token: adminToken,
      body: { visibleToClient: true },
    });
    expect(leadFileReply.parse(shown.json).file.visibleToClient).toBe(true);
    const listed = leadFilesReply.parse((await api('GET', '/api/portal/files', { token: firstToken })).json);
    const mine = listed.files.find((f) => f.id === file.id)!;
    expect(mine.name).toBe('Logo final.pdf');
    const got = await download(mine.downloadPath);
    expect([got.status, got.body.equals(PDF)]).toEqual([200, true]);
    const downloaded = await db
      .collection('lead_activity')
      .where('leadId', '==', leadA)
      .where('type', '==', 'file_downloaded')
      .get();
    expect(downloaded.docs.map((d) => [d.get('detail'), d.get('by')])).toEqual([
      ['Client downloaded: Logo final.pdf', 'client'],
    ]);

    // Another client: nothing listed, 404 by id, the same as an id that does not exist.
    const theirs = leadFilesReply.parse((await api('GET', '/api/portal/files', { token: secondToken })).json);
    expect(theirs.files.map((f) => f.id)).not.toContain(file.id);
    const other = await api('GET', `/api/portal/files/${file.id}`, { token: secondToken });
    expect([other.status, other.json]).toEqual([404, { error: 'File not found' }]);
    expect((await api('GET', '/api/portal/files/nope', { token: secondToken })).json).toEqual(other.json);

    // Hidden again: a client link made before no longer serves it.
    await api('PUT', `/api/leads/${leadA}/files/${file.id}`, { token: adminToken, body: { visibleToClient: false } });
    expect((await download(mine.downloadPath)).status).toBe(404);
    expect(await historyTypes(leadA)).toEqual(
      expect.arrayContaining(['file_uploaded', 'file_visibility_changed', 'file_visibility_changed']),
    );
  });

  it('an expired or altered link is 403', async () => {
    const up = await upload(leadA, {
      name: 'notes.txt',
      contentType: 'text/plain',
      dataBase64: Buffer.from('Hi').toString('base64'),
      visibleToClient: true,
    });
    const file = leadFileReply.parse(up.json).file;
    const url = new URL(file.downloadPath, BASE_URL);
    const altered = (k: string, v: string) => {
      const u = new URL(url);
      u.searchParams.set(k, v);
      return `${u.pathname}${u.search}`;
    };
    const sig = url.searchParams.get('sig')!;
    for (const path of [
      altered('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      altered('exp', String(Number(url.searchParams.get('exp')) + 3600)),
      altered('s', url.searchParams.get('s') === 'a' ? 'c' : 'a'),
      `/api/file-downloads/${file.id}`,
      fileDownloadPath(file.id, 'a', Date.now() - 2 * FILE_LINK_TTL_MS, DEMO_SECRET),
    ]) {
      const r = await download(path);
      expect(r.status, path).toBe(403);
      expect(JSON.parse(r.body.toString())).toEqual({
        error: 'This download link has expired. Open your portal again.',
      });
    }
    // The same way of making a link, unexpired, is accepted: the expired one failed on its time alone.
    expect((await download(fileDownloadPath(file.id, 'a', Date.now(), DEMO_SECRET))).status).toBe(200);
  });

  it('a file over the cap, of a refused type or whose content is not its type is 400, and nothing is stored', async () => {
    const leadId = await storeLead(db, { email: `files-refused-${randomUUID()}@example.com`, name: 'Refused' });
    const over = Buffer.alloc(LEAD_FILE_MAX_BYTES + 1, 0x20);
    over.write('%PDF-1.4\n');
    for (const body of [
      { name: 'big.pdf', contentType: 'application/pdf', dataBase64: over.toString('base64') },
      { name: 'page.html', contentType: 'text/html', dataBase64: Buffer.from('<script>x</script>').toString('base64') },
      { name: 'fake.png', contentType: 'image/png', dataBase64: PDF.toString('base64') },
      { name: 'empty.pdf', contentType: 'application/pdf', dataBase64: '' },
      { name: '../evil.pdf', contentType: 'application/pdf', dataBase64: PDF.toString('base64') },
      { name: 'x.pdf', contentType: 'application/pdf', dataBase64: PDF.toString('base64'), extra: true },
    ]) {
      const r = await upload(leadId, body);
      expect(r.status, body.name).toBe(400);
    }
    expect(await storedObjects(leadId)).toEqual([]);
    expect((await db.collection('lead_files').where('leadId', '==', leadId).get()).size).toBe(0);
    expect(await historyTypes(leadId)).not.toContain('file_uploaded');
  });

  it('the owner removes a file: its bytes and record go, its links stop, the history says so', async () => {
    const up = await upload(leadA, {
      name: 'draft.pdf',
      contentType: 'application/pdf',
      dataBase64: PDF.toString('base64'),
    });
    const file = leadFileReply.parse(up.json).file;
    // Another lead's path cannot reach it.
    expect((await api('DELETE', `/api/leads/${leadB}/files/${file.id}`, { token: adminToken })).status).toBe(404);
    expect((await api('DELETE', `/api/leads/${leadA}/files/${file.id}`, { token: adminToken })).status).toBe(200);
    expect(await storedObjects(leadA)).not.toContain(`lead_files/${leadA}/${file.id}`);
    expect((await download(file.downloadPath)).status).toBe(404);
    const listed = leadFilesReply.parse((await api('GET', `/api/leads/${leadA}/files`, { token: adminToken })).json);
    expect(listed.files.map((f) => f.id)).not.toContain(file.id);
    expect(await historyTypes(leadA)).toContain('file_removed');
  });

  it('the file routes are the admin’s: 401 without a session, 403 for a client', async () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', `/api/leads/${leadA}/files`, undefined],
      ['POST', `/api/leads/${leadA}/files`, { name: 'a.txt', contentType: 'text/plain', dataBase64: 'aGk=' }],
      ['PUT', `/api/leads/${leadA}/files/x`, { visibleToClient: true }],
      ['DELETE', `/api/leads/${leadA}/files/x`, undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body, token: firstToken })).status, `${method} ${path}`).toBe(403);
    }
    expect(await storedObjects(leadA)).toHaveLength(2); // the two files of the tests above that were kept
  });
});

/** GET `path` with `token`: status, content type and the body's first 4 bytes. */
async function fetchPdf(path: string, token: string) {
  const res = await fetch(`${process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000'}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-studio-test-client': randomUUID() },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), start: body.subarray(0, 4).toString('latin1') };
}
