/**
 * One truth for money: a month like the one the owner lived through (an extra
 * $1,200 invoice left 40 days overdue, the deposit and the final payment paid,
 * a refund of $475 on the deposit), then every surface's figure compared with
 * the others, not each alone:
 * - the server's: My Project's lookup (GET /api/client-project) and the
 *   portal's overview (GET /api/portal/overview);
 * - the web's, computed by the same code the pages run over the same stored
 *   documents: Invoicing's card (domain leadStatement), the Money page's
 *   outstanding list (web billing money.ts outstanding) and the dashboard's
 *   Open Invoices tile (Firestore aggregations through owedOfOpenDocuments).
 * All of them must say: not paid in full, $1,200.00 owed, all of it 40 days
 * overdue, the invoice to pay next, the deposit partially refunded.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import {
  clientLeadReply,
  invoiceDocSchema,
  leadDocSchema,
  leadStatement,
  OPEN_DOCUMENT_SUM_TYPES,
  owedOfOpenDocuments,
  paymentRequestDocSchema,
  portalOverviewReply,
  readStudioSettings,
  studioDayStart,
  type LedgerSums,
} from '@studio/domain';
import { adminIdToken, api, db, eventually } from '../helpers.js';
import { payNextInTestMode } from '../testModePayments.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';
import { outstanding } from '../../web/src/features/billing/money.js';

const DAY_MS = 86_400_000;
const email = `month.${randomUUID().slice(0, 8)}@example.com`;
let leadId = '';
let invoiceId = '';
let timeZone = 'UTC';

/** The lead's invoices and payment requests as stored, parsed as the pages' live hooks parse them. */
async function storedDocuments() {
  const [invoices, requests] = await Promise.all([
    db.collection('invoices').where('leadId', '==', leadId).get(),
    db.collection('payment_requests').where('leadId', '==', leadId).get(),
  ]);
  return {
    invoices: invoices.docs.map((d) => ({ id: d.id, ...invoiceDocSchema.parse(d.data()) })),
    requests: requests.docs.map((d) => ({ id: d.id, ...paymentRequestDocSchema.parse(d.data()) })),
  };
}

beforeAll(async () => {
  timeZone = readStudioSettings((await db.collection('settings').doc('studio').get()).data() ?? {}).timeZone;
  const token = await adminIdToken();
  leadId = await storeLead(db, { name: 'Kwame Month', email, subject: 'Month site' });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name: 'Month site', client: 'Kwame Month' }));
  await eventually(
    async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).exists,
    'the deposit request, issued at acceptance',
  );

  // The extra invoice, then 40 days pass on the studio's clock without it being paid.
  const created = await api('POST', '/api/create-invoice', {
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { leadId, amount: '1200.00', description: 'Extra pages' },
  });
  expect(created.status).toBe(201);
  invoiceId = (created.json as { invoiceId: string }).invoiceId;
  await db
    .collection('invoices')
    .doc(invoiceId)
    .update({
      dueDate: Timestamp.fromDate(studioDayStart(new Date(Date.now() - 40 * DAY_MS), timeZone)),
    });

  // The client pays the deposit, then the final payment early; the owner refunds $475 of the deposit.
  const deposit = await payNextInTestMode(leadId);
  await payNextInTestMode(leadId);
  for (const purpose of ['deposit', 'final'])
    await eventually(
      async () => (await db.collection('payment_requests').doc(`${leadId}_${purpose}`).get()).get('status') === 'paid',
      `the ${purpose} request paid`,
    );
  const refund = await api('POST', `/api/billing/payments/${deposit}/refund`, { token, body: { amount: '475.00' } });
  expect(refund.json).toMatchObject({ recorded: true });
}, 120_000);

describe('one account statement on every surface', () => {
  it('My Project, the portal, Invoicing, Money and the Open Invoices tile say the same', async () => {
    // Invoicing's card: the statement of the stored documents and the stored lead.
    const lead = leadDocSchema.parse((await db.collection('leads').doc(leadId).get()).data());
    const { invoices, requests } = await storedDocuments();
    const now = new Date();
    const invoicing = leadStatement({ leadId, lead, documents: [...requests, ...invoices], now, timeZone });
    expect(invoicing.paidInFull).toBe(false);
    expect(invoicing.totals).toMatchObject({ owedCents: 120_000, overdueCents: 120_000 });
    expect(invoicing.next?.line?.document.id).toBe(invoiceId);
    expect(invoicing.next?.line?.overdueDays).toBe(40);

    // My Project (the server's reply).
    const lookup = await api('GET', `/api/client-project?email=${encodeURIComponent(email)}`);
    expect(lookup.status).toBe(200);
    const mine = clientLeadReply.parse((lookup.json as { lead: unknown }).lead);
    expect(mine).toMatchObject({ paidInFull: false, amountDue: '1200.00' });
    expect(mine.payPath).toContain(`invoiceId=${invoiceId}`);
    expect(mine.statement).toMatchObject({ owed: '1200.00', overdue: '1200.00', paidInFull: false });
    const byId = new Map(mine.statement!.lines.map((l) => [l.id, l]));
    expect(byId.get(invoiceId)).toMatchObject({ state: 'overdue', stateText: 'Overdue 40 days', owed: '1200.00' });
    expect(byId.get(`${leadId}_deposit`)).toMatchObject({ refunded: '475.00', owed: '0.00' });
    expect(byId.get(`${leadId}_final`)).toMatchObject({ state: 'paid', owed: '0.00' });
    for (const line of invoicing.lines)
      expect(byId.get(line.document.id)?.owed).toBe((line.owedCents / 100).toFixed(2));

    // The portal (the client signed in by email link).
    const portal = portalOverviewReply.parse(
      (await api('GET', '/api/portal/overview', { token: await emailLinkIdToken(email) })).json,
    );
    for (const inv of portal.invoices) {
      const line = byId.get(inv.id)!;
      expect([inv.owed, inv.stateText, inv.overdueDays, inv.refunded]).toEqual([
        line.owed,
        line.stateText,
        line.overdueDays,
        line.refunded,
      ]);
    }
    expect(portal.invoices.map((i) => i.id).sort()).toEqual([...byId.keys()].sort());

    // The Money page's outstanding list, for this client.
    const rows = outstanding(
      [
        ...invoices.map((doc) => ({ kind: 'invoice' as const, doc })),
        ...requests.map((doc) => ({ kind: 'request' as const, doc })),
      ],
      now,
      email,
    );
    expect(rows.map((r) => [r.id, r.amountDueCents])).toEqual([[invoiceId, 120_000]]);

    // The dashboard tile's aggregation, over this lead's open documents.
    let owed = 0;
    let open = 0;
    for (const name of ['invoices', 'payment_requests']) {
      // As the tile asks: one aggregation per ledger sum (a document has only the entry types it has seen).
      const q = db.collection(name).where('status', '==', 'open').where('leadId', '==', leadId);
      const totals = (
        await q.aggregate({ count: AggregateField.count(), total: AggregateField.sum('amountCents') }).get()
      ).data();
      const sums: LedgerSums = {};
      for (const t of OPEN_DOCUMENT_SUM_TYPES)
        sums[t] = (await q.aggregate({ cents: AggregateField.sum(`ledgerCents.${t}`) }).get()).data().cents ?? 0;
      const part = owedOfOpenDocuments({ count: totals.count, totalCents: totals.total ?? 0, sums });
      owed += part.owedCents;
      open += part.count;
    }
    expect([open, owed]).toEqual([invoicing.openCount, invoicing.totals.owedCents]);
  });
});
