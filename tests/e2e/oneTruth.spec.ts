/**
 * One truth for money, end to end: a month like the one the owner lived
 * through (an extra $1,200 invoice left 40 days overdue, the deposit and the
 * final payment paid in test mode, $475 of the deposit refunded from the
 * CRM), then every surface read as a person sees it and compared with one
 * expected set: the lead's account statement (domain leadStatement) over the
 * stored documents, itself checked against the amounts the month was built
 * from. The surfaces: Invoicing's card with its PDFs, the lead's card and
 * details on the board, the dashboard's Open Invoices tile, Money (the
 * outstanding list, the ledger's signs, the credit note's PDF and the CSV's
 * cash column), My Project with its Pay Now, the portal with its documents,
 * and the emails the client was sent. tests/api/statement.test.ts checks the
 * same month at the API level.
 *
 * The month is built once (beforeAll): the lead is stored with the Admin SDK
 * as the CRM leaves an accepted quote (its deposit request is issued by the
 * server), the invoice through the admin API, the 40 days by moving its due
 * day back on the studio's clock, the payments through the test-mode
 * checkout and the refund from the Money page. Each surface is its own test,
 * so one surface that disagrees does not hide the others.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  ageingBucket,
  boardPlaceOf,
  centsToString,
  DAY_MS,
  documentBalance,
  formatDocumentDate,
  formatUsd,
  invoiceDocSchema,
  leadDocSchema,
  leadStatement,
  paymentRequestDocSchema,
  readStudioSettings,
  statementStateText,
  studioDayStart,
  type AccountStatement,
  type LeadStatus,
  type StatementLine,
} from '@studio/domain';
import { expect, test, type Locator, type Page } from './support/test.js';
import { cardIn, loginAsAdmin, revealCard } from './support/admin.js';
import { adminToken } from './support/adminApi.js';
import { signInToPortal } from './support/portal.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { payNextInTestMode } from '../testModePayments.js';
import { pdfText } from '../pdfText.js';
import { centsOf, CSV_CASH, exportedLedger } from './support/money.js';
import { BUCKET_LABELS } from '../../web/src/features/billing/money.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const BASE_URL = process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000';

// Each page and API call has a rate-limit bucket of its own; runs against a still-running emulator do not share them.
const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.240.${(++ipCounter % 250) + 1}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
});

// The month, from these amounts (cents).
const TAG = randomUUID().slice(0, 8);
const NAME = `Month Client ${TAG}`;
const EMAIL = `month.${TAG}@example.com`;
const SUBJECT = `Month site ${TAG}`;
const QUOTE_CENTS = 400_000;
const DEPOSIT_CENTS = 200_000;
const FINAL_CENTS = QUOTE_CENTS - DEPOSIT_CENTS;
const EXTRA_CENTS = 120_000;
const EXTRA_DESCRIPTION = 'Extra pages';
const REFUND_CENTS = 47_500;
const LATE_DAYS = 40;

/** One document of the month as every surface must show it. */
interface DocumentFigures {
  id: string;
  number: string;
  /** What it bills ("$2,000.00"). */
  total: string;
  /** What is still owed on it. */
  owed: string;
  /** What was refunded on it. */
  refunded: string;
  /** Its state's words ("Overdue 40 days", "Partially refunded", "Paid"). */
  state: string;
}

/** The month's facts, found while building it. */
const month = {
  leadId: '',
  timeZone: 'UTC',
  invoiceId: '',
  creditNote: '',
  /** The invoice's due day on the studio's clock, as the CRM writes it ("Oct 28, 2026") and as the client's
   * pages and PDFs do ("October 28, 2026"). */
  dueDay: { short: '', long: '' },
};

/** The one expected set: the statement's figures, as text (see expectedFigures). */
let want: {
  owed: string;
  overdue: string;
  /** Payments less refunds: the client's cash received. */
  keptCents: number;
  quote: string;
  depositAmount: string;
  finalAmount: string;
  invoice: DocumentFigures;
  deposit: DocumentFigures;
  final: DocumentFigures;
};

/** The lead's stored invoices and payment requests, parsed as the pages' live hooks parse them. */
async function storedDocuments(leadId: string) {
  const [invoices, requests] = await Promise.all([
    db.collection('invoices').where('leadId', '==', leadId).get(),
    db.collection('payment_requests').where('leadId', '==', leadId).get(),
  ]);
  return [
    ...requests.docs.map((d) => ({ id: d.id, ...paymentRequestDocSchema.parse(d.data()) })),
    ...invoices.docs.map((d) => ({ id: d.id, ...invoiceDocSchema.parse(d.data()) })),
  ];
}

/** The lead's account statement now, from what is stored (as Invoicing and the lead's details compute it). */
async function storedStatement(): Promise<AccountStatement> {
  const lead = leadDocSchema.parse((await db.collection('leads').doc(month.leadId).get()).data());
  return leadStatement({
    leadId: month.leadId,
    lead,
    documents: await storedDocuments(month.leadId),
    now: new Date(),
    timeZone: month.timeZone,
  });
}

/** A statement line as every surface must show it. */
function figures(line: StatementLine): DocumentFigures {
  return {
    id: line.document.id,
    number: line.document.number ?? '',
    total: formatUsd(line.document.totalCents),
    owed: formatUsd(line.owedCents),
    refunded: formatUsd(line.balance.refundedCents),
    state: statementStateText(line),
  };
}

/**
 * The expected set: the stored statement, first checked against the amounts the month was built from (owed
 * and overdue: the extra invoice, 40 days late; kept: both payments less the refund), then written as text.
 */
async function expectedFigures(): Promise<typeof want> {
  const st = await storedStatement();
  const line = (purpose: string) => st.lines.find((l) => l.document.purpose === purpose)!;
  expect(st.lines.map((l) => l.document.purpose).sort()).toEqual(['deposit', 'final', 'invoice']);
  expect(st.paidInFull).toBe(false);
  expect(st.totals).toMatchObject({
    owedCents: EXTRA_CENTS,
    overdueCents: EXTRA_CENTS,
    paidCents: DEPOSIT_CENTS + FINAL_CENTS,
    refundedCents: REFUND_CENTS,
    keptCents: DEPOSIT_CENTS + FINAL_CENTS - REFUND_CENTS,
  });
  expect(st.next?.line?.document.id).toBe(month.invoiceId);
  expect(line('invoice')).toMatchObject({ state: 'overdue', overdueDays: LATE_DAYS, owedCents: EXTRA_CENTS });
  expect(line('deposit').balance).toMatchObject({ totalCents: DEPOSIT_CENTS, refundedCents: REFUND_CENTS });
  expect(line('deposit').owedCents).toBe(0);
  expect(line('final').balance).toMatchObject({ totalCents: FINAL_CENTS, refundedCents: 0 });
  expect(line('final').owedCents).toBe(0);
  return {
    owed: formatUsd(st.totals.owedCents),
    overdue: formatUsd(st.totals.overdueCents),
    keptCents: st.totals.keptCents,
    quote: formatUsd(QUOTE_CENTS),
    depositAmount: formatUsd(DEPOSIT_CENTS),
    finalAmount: formatUsd(FINAL_CENTS),
    invoice: figures(line('invoice')),
    deposit: figures(line('deposit')),
    final: figures(line('final')),
  };
}

/** What the Open Invoices tile counts: open documents, what they owe, and the part past its due day (cents). */
interface Receivables {
  count: number;
  owedCents: number;
  overdueCents: number;
}

/**
 * The dashboard's Open Invoices tile, as shown after a fresh load: its count, total and "$X overdue" line.
 * Until its aggregations answer it shows 0, so this waits for at least `atLeast` documents.
 */
async function tileShown(page: Page, atLeast: number): Promise<Receivables> {
  await page.goto('/admin/dashboard');
  const tile = page.getByRole('region', { name: 'Open Invoices' });
  const lines = tile.locator('p');
  await expect(lines.nth(1)).toHaveText(/^\d+$/);
  await expect.poll(async () => Number(await lines.nth(1).textContent())).toBeGreaterThanOrEqual(atLeast);
  const texts = await lines.allTextContents();
  const overdue = texts.find((t) => t.endsWith(' overdue'));
  return {
    count: Number(texts[1]),
    owedCents: centsOf(texts[2] ?? ''),
    overdueCents: overdue ? centsOf(overdue.replace(/ overdue$/, '')) : 0,
  };
}

/**
 * What the open documents of every other lead (other specs' and the seed's) owe now, each by its own ledger
 * sums (domain documentBalance), overdue when due before the studio's midnight: the tile's share that is not
 * this month's.
 */
async function othersOwe(): Promise<Receivables> {
  const dayStart = studioDayStart(new Date(), month.timeZone).getTime();
  const out: Receivables = { count: 0, owedCents: 0, overdueCents: 0 };
  for (const name of ['invoices', 'payment_requests']) {
    const open = await db.collection(name).where('status', '==', 'open').get();
    for (const d of open.docs) {
      if (d.get('leadId') === month.leadId) continue;
      const owed = documentBalance(Number(d.get('amountCents') ?? 0), {
        sums: d.get('ledgerCents') ?? {},
      }).amountDueCents;
      const due = d.get('dueDate') as Timestamp | null | undefined;
      out.count += 1;
      out.owedCents += owed;
      if (due && due.toMillis() < dayStart) out.overdueCents += owed;
    }
  }
  return out;
}

/**
 * Checks that the tile, less every other lead's open documents, shows this month's statement: its open
 * documents, what they owe and the overdue part. Loads the dashboard again until both reads agree in time
 * (another spec's document may change between them).
 */
async function expectTileShowsStatement(page: Page) {
  const st = await storedStatement();
  const mine: Receivables = {
    count: st.openCount,
    owedCents: st.totals.owedCents,
    overdueCents: st.totals.overdueCents,
  };
  await expect
    .poll(
      async () => {
        const shown = await tileShown(page, mine.count);
        const others = await othersOwe();
        return {
          count: shown.count - others.count,
          owedCents: shown.owedCents - others.owedCents,
          overdueCents: shown.overdueCents - others.overdueCents,
        };
      },
      { timeout: 90_000, intervals: [1_000, 3_000, 5_000] },
    )
    .toEqual(mine);
}

/** Chooses the month's client in the Money page's client filter, found by a part of their name. */
async function filterMoneyByName(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Client' }).fill(NAME.toLowerCase());
  await page.getByRole('option', { name: `${NAME} (${EMAIL})` }).click();
}

/** The text of the file a click downloads (a PDF), whitespace folded to single spaces. */
async function downloadedPdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await pdfText(await readFile(await download.path()))).text.replace(/\s+/g, ' ');
}

/** The summary Invoicing's card and the lead's details share (PaymentMarkers), checked against the statement. */
async function expectSummary(markers: Locator) {
  await expect(markers).toContainText(`Invoice overdue ${LATE_DAYS} days: ${want.overdue}`);
  await expect(markers).toContainText('Deposit paid');
  await expect(markers).not.toContainText('Paid in full');
}

test.describe('a month of money reads the same everywhere', () => {
  test.beforeAll(async ({ browser, playwright }) => {
    // A lead, an invoice, two payments, a refund through the Money page and the tile read once: each step waits
    // for what the next needs, on a busy two-core host.
    test.setTimeout(240_000);
    month.timeZone = readStudioSettings((await db.collection('settings').doc('studio').get()).data() ?? {}).timeZone;
    month.leadId = await storeLead(db, {
      name: NAME,
      email: EMAIL,
      subject: SUBJECT,
      quoteAmountCents: QUOTE_CENTS,
      depositAmountCents: DEPOSIT_CENTS,
      finalAmountCents: FINAL_CENTS,
    });
    await db
      .collection('projects')
      .doc()
      .set(projectDoc({ leadId: month.leadId, name: SUBJECT, client: NAME }));
    const request = (purpose: 'deposit' | 'final') =>
      db.collection('payment_requests').doc(`${month.leadId}_${purpose}`).get();
    await expect
      .poll(async () => (await request('deposit')).get('number'), {
        message: 'the deposit request, issued at acceptance',
        timeout: 30_000,
      })
      .toMatch(/^INV-\d{4}-\d{4,}$/);

    const admin = await browser.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { 'x-studio-test-client': nextIp() },
    });
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    try {
      const page = await admin.newPage();
      await loginAsAdmin(page);
      // Before the month's invoice: the tile holds the deposit requested, as the statement does.
      await expectTileShowsStatement(page);

      // The extra invoice, through the admin API; then 40 days pass on the studio's clock without it being paid.
      const token = await adminToken(api, nextIp());
      const created = await api.post('/api/create-invoice', {
        headers: {
          authorization: `Bearer ${token}`,
          'Idempotency-Key': randomUUID(),
          'x-studio-test-client': nextIp(),
        },
        data: { leadId: month.leadId, amount: centsToString(EXTRA_CENTS), description: EXTRA_DESCRIPTION },
      });
      expect(created.status()).toBe(201);
      month.invoiceId = ((await created.json()) as { invoiceId: string }).invoiceId;
      const dueDate = studioDayStart(new Date(Date.now() - LATE_DAYS * DAY_MS), month.timeZone);
      await db
        .collection('invoices')
        .doc(month.invoiceId)
        .update({ dueDate: Timestamp.fromDate(dueDate) });
      month.dueDay = {
        short: new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          timeZone: month.timeZone,
        }).format(dueDate),
        long: formatDocumentDate(dueDate, month.timeZone),
      };

      // The client pays the deposit, then the final payment early, through the test-mode checkout.
      await payNextInTestMode(month.leadId);
      await payNextInTestMode(month.leadId);
      for (const purpose of ['deposit', 'final'] as const)
        await expect
          .poll(async () => (await request(purpose)).get('status'), { message: `the ${purpose} request paid` })
          .toBe('paid');

      // The owner refunds $475.00 of the deposit from the Money page's ledger.
      const depositNumber = String((await request('deposit')).get('number'));
      await page.goto('/admin/money');
      await filterMoneyByName(page);
      const ledger = page.getByRole('region', { name: 'Ledger' });
      await ledger
        .locator('[data-type="payment"]')
        .filter({ hasText: depositNumber })
        .getByRole('button', { name: 'Refund' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Refund payment' });
      await dialog.getByLabel('Amount').fill(centsToString(REFUND_CENTS));
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByText('Refund issued')).toBeVisible();
    } finally {
      await admin.close();
      await api.dispose();
    }
    await expect
      .poll(async () => {
        const notes = await db
          .collection('ledger_entries')
          .where('leadId', '==', month.leadId)
          .where('type', '==', 'credit_note')
          .get();
        const note = notes.docs[0];
        month.creditNote = String(note?.get('number') ?? '');
        return notes.size === 1 ? month.creditNote : null;
      })
      .toMatch(/^CN-\d{4}-\d{4,}$/);
    want = await expectedFigures();
  });

  test("Invoicing's card and its PDFs: owed, overdue, each document's state, Pay Now for the invoice", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await page.goto('/admin/invoicing');
    const card = page.getByRole('article', { name: `Invoicing ${NAME}` });
    await revealCard(page, card);
    await expectSummary(card.getByTestId('payment-markers'));
    const amounts = card.getByRole('list', { name: 'Amounts' }).getByRole('listitem');
    for (const [label, amount] of [
      ['Quote', want.quote],
      ['Deposit', want.depositAmount],
      ['Final payment', want.finalAmount],
    ] as const)
      await expect(amounts.filter({ hasText: new RegExp(`^${label}`) }), label).toContainText(amount);

    const rows = card.getByTestId('invoice-row');
    await expect(rows).toHaveCount(3);
    const row = (doc: DocumentFigures) => rows.filter({ hasText: doc.number });
    for (const doc of [want.invoice, want.deposit, want.final]) {
      await expect(row(doc).getByTestId('invoice-state'), doc.number).toHaveText(doc.state);
      await expect(row(doc), doc.number).toContainText(doc.total);
    }
    await expect(row(want.invoice).getByTestId('invoice-state')).toHaveText(`Overdue ${LATE_DAYS} days`);
    await expect(row(want.invoice)).toContainText(`Due ${month.dueDay.short}`);
    await expect(row(want.deposit).getByTestId('invoice-state')).toHaveText('Partially refunded');
    await expect(row(want.deposit).getByTestId('invoice-adjustments')).toHaveText(
      `Refunded ${want.deposit.refunded} · ${month.creditNote}`,
    );

    // The PDFs the card downloads say the same.
    const invoicePdf = await downloadedPdfText(page, () =>
      row(want.invoice)
        .getByRole('button', { name: `PDF of invoice ${want.invoice.number}` })
        .click(),
    );
    for (const s of [want.invoice.number, 'Total due', want.invoice.owed, want.invoice.state, month.dueDay.long])
      expect(invoicePdf, `the invoice PDF says ${s}`).toContain(s);
    expect(invoicePdf.replace(/ /g, ''), 'its pay link is the invoice’s checkout').toContain(
      `invoiceId=${month.invoiceId}`,
    );
    const depositPdf = await downloadedPdfText(page, () =>
      row(want.deposit)
        .getByRole('button', { name: `PDF of invoice ${want.deposit.number}` })
        .click(),
    );
    for (const s of [
      want.deposit.number,
      'PAID',
      `Amount paid ${want.deposit.total}`,
      `Partially refunded: ${want.deposit.refunded} (credit note ${month.creditNote})`,
    ])
      expect(depositPdf, `the deposit request PDF says ${s}`).toContain(s);
    expect(depositPdf, 'nothing is due on the deposit').not.toContain('Total due');

    // Pay Now charges what the statement says to pay next: the overdue invoice.
    await card.getByRole('button', { name: `Pay Now for ${NAME}` }).click();
    const pay = page.getByRole('dialog', { name: 'Complete Payment' });
    await expect(pay.getByTestId('payment-amount')).toHaveText(want.owed);
    await pay.getByRole('button', { name: 'Cancel' }).click();
    await expect(pay).toBeHidden();
  });

  test("the lead's card and details on the board: the quote, the same summary and states", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const status = (await db.collection('leads').doc(month.leadId).get()).get('status') as LeadStatus;
    const card = await cardIn(page, boardPlaceOf(status), NAME);
    await expect(card).toContainText(want.quote);
    await card.click();
    const account = page.getByRole('dialog', { name: NAME }).getByTestId('lead-account');
    await expectSummary(account.getByTestId('payment-markers'));
    const items = account.getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (const doc of [want.invoice, want.deposit, want.final])
      await expect(items.filter({ hasText: doc.number }), doc.number).toContainText(`${doc.total} · ${doc.state}`);
  });

  test("the dashboard's Open Invoices tile adds the month's owed and overdue amounts", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await expectTileShowsStatement(page);
    // And in words: the month's documents are one open document, all of it overdue.
    const st = await storedStatement();
    expect([st.openCount, formatUsd(st.totals.owedCents), formatUsd(st.totals.overdueCents)]).toEqual([
      1,
      want.owed,
      want.overdue,
    ]);
  });

  test("Money: the client's outstanding invoice and its age, the ledger's signs, the credit note, the CSV's cash", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await page.goto('/admin/money');
    await filterMoneyByName(page);

    const outstanding = page.getByRole('region', { name: /^Outstanding/ });
    await expect(outstanding.getByRole('heading')).toHaveText(`Outstanding: ${want.owed}`);
    const row = outstanding.getByTestId('outstanding-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(want.invoice.number);
    await expect(row).toContainText(want.invoice.owed);
    await expect(row).toContainText(month.dueDay.short);
    const due = ((await db.collection('invoices').doc(month.invoiceId).get()).get('dueDate') as Timestamp).toDate();
    const bucket = ageingBucket(due, new Date());
    expect(bucket, `${LATE_DAYS} days late`).toBe('31-60');
    await expect(row).toContainText(BUCKET_LABELS[bucket]);
    await expect(outstanding.locator(`[data-bucket="${bucket}"]`)).toContainText(want.overdue);

    // The ledger: both payments in, the refund out with its credit note, signed as the CSV signs them.
    const ledger = page.getByRole('region', { name: 'Ledger' });
    await expect(ledger.getByTestId('ledger-row')).toHaveCount(3);
    const payments = ledger.locator('[data-type="payment"]');
    await expect(payments).toHaveCount(2);
    await expect(payments.filter({ hasText: want.deposit.number })).toContainText(want.deposit.total);
    await expect(payments.filter({ hasText: '\u2212' })).toHaveCount(0);
    await expect(payments.filter({ hasText: want.final.total })).toHaveCount(2);
    // The final payment, paid before its request was issued, is the request's payment on every other surface
    // (Invoicing's row, the client's "Receipt for INV-…"): the ledger names it too. Soft, so the rest still runs.
    await expect
      .soft(payments.filter({ hasText: want.final.number }), 'the ledger row of the final payment names its request')
      .toContainText(want.final.total);
    const refund = ledger.locator('[data-type="refund"]');
    await expect(refund).toContainText(`\u2212${want.deposit.refunded}`);
    await expect(refund).toContainText(`${want.deposit.number} · ${month.creditNote}`);

    // The credit note's PDF: what was refunded, on the deposit request.
    const note = await downloadedPdfText(page, () =>
      refund.getByRole('button', { name: `PDF of credit note ${month.creditNote}` }).click(),
    );
    for (const s of [month.creditNote, want.deposit.refunded, want.deposit.number])
      expect(note, `the credit note PDF says ${s}`).toContain(s);

    // Cash received, on the page and in the CSV: payments less the refund, as the statement keeps it.
    const received = page.getByRole('table', { name: 'Revenue by month' }).getByTestId('cash-received');
    await expect(received.getByRole('cell').last()).toHaveText(formatUsd(want.keptCents));
    const mine = (await exportedLedger(page)).filter((r) => r.Email?.toLowerCase() === EMAIL);
    expect(mine.map((r) => [r.Type, r[CSV_CASH], r['Credit note']]).sort()).toEqual(
      [
        ['Payment', centsToString(DEPOSIT_CENTS), ''],
        ['Payment', centsToString(FINAL_CENTS), ''],
        ['Refund', `-${centsToString(REFUND_CENTS)}`, month.creditNote],
      ].sort(),
    );
    expect(mine.find((r) => r.Type === 'Refund')?.Document).toBe(want.deposit.number);
    expect
      .soft(
        mine
          .filter((r) => r.Type === 'Payment')
          .map((r) => r.Document)
          .sort(),
        "the CSV's payments name the requests they paid",
      )
      .toEqual([want.deposit.number, want.final.number].sort());
    expect(mine.reduce((s, r) => s + centsOf(r[CSV_CASH]!), 0)).toBe(want.keptCents);
  });

  test('My Project: due now, each document with its state and refund, Pay Now opens the invoice', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/my-project');
    const form = page.getByRole('form', { name: 'Access your project' });
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByRole('button', { name: 'Open' }).click();
    const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(invoice).toContainText(`Total${want.quote}`);
    await expect(invoice).toContainText(`Deposit${want.depositAmount}`);
    await expect(invoice).toContainText(`Final payment${want.finalAmount}`);
    await expect(invoice).toContainText(`Due now: ${want.owed} (${want.overdue} overdue)`);
    await expect(invoice.getByText('Payment Completed')).toHaveCount(0);

    const items = invoice.getByRole('region', { name: 'Your invoices' }).getByTestId('client-invoice');
    await expect(items).toHaveCount(3);
    const item = (doc: DocumentFigures) => items.filter({ hasText: doc.number });
    for (const doc of [want.invoice, want.deposit, want.final]) {
      await expect(item(doc), doc.number).toContainText(doc.state);
      await expect(item(doc), doc.number).toContainText(doc.total);
    }
    await expect(item(want.deposit)).toContainText(`${want.deposit.refunded} refunded`);
    await expect(item(want.invoice)).toContainText(`due ${month.dueDay.long}`);
    await expect(item(want.invoice).getByRole('button', { name: `Pay ${want.invoice.number}` })).toBeVisible();
    await expect(item(want.deposit).getByRole('button')).toHaveCount(0);
    await expect(item(want.final).getByRole('button')).toHaveCount(0);

    // Among the client's PDFs: a receipt for each request paid, and the credit note of the refund.
    const pdfs = page.getByRole('region', { name: 'Invoices and receipts' });
    for (const doc of [want.deposit, want.final]) await expect(pdfs).toContainText(`Receipt for ${doc.number}`);
    await expect(pdfs).toContainText(`Credit note (${month.creditNote}) for ${want.deposit.number}`);

    // Pay Now opens the invoice's own checkout, at what is owed on it.
    await invoice.getByRole('button', { name: 'Pay Now', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/checkout');
    expect(new URL(page.url()).searchParams.get('invoiceId')).toBe(month.invoiceId);
    await expect(page.getByTestId('payment-amount')).toHaveText(want.owed);
  });

  test('the portal: the same states and owed amounts per document, and the credit note among the documents', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInToPortal(page, EMAIL);
    const invoices = page.getByRole('region', { name: 'Invoices', exact: true }).getByTestId('portal-invoice');
    await expect(invoices).toHaveCount(3);
    const card = (doc: DocumentFigures) => invoices.filter({ hasText: doc.number });
    for (const doc of [want.invoice, want.deposit, want.final]) {
      await expect(card(doc), doc.number).toContainText(doc.state);
      await expect(card(doc), doc.number).toContainText(doc.total);
    }
    const title = `${want.invoice.number}: ${EXTRA_DESCRIPTION}`;
    const payNow = card(want.invoice).getByRole('link', { name: `Pay Now: ${want.invoice.owed} for ${title}` });
    await expect(payNow).toHaveAttribute('href', new RegExp(`[?&]invoiceId=${month.invoiceId}(&|$)`));
    await expect(card(want.invoice)).toContainText(`due ${month.dueDay.long}`);
    await expect(card(want.deposit)).toContainText(`${want.deposit.refunded} refunded`);
    await expect(card(want.deposit).getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);
    await expect(card(want.final).getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);

    const documents = page.getByRole('region', { name: 'Documents', exact: true }).getByTestId('portal-document');
    for (const doc of [want.deposit, want.final])
      await expect(documents.filter({ hasText: `Receipt for ${doc.number}` })).toHaveCount(1);
    await expect(
      documents.filter({ hasText: `Credit note (${month.creditNote}) for ${want.deposit.number}` }),
    ).toHaveCount(1);
  });

  test("the client's emails name the same amounts as the statement", async () => {
    // The emails the server queued for this lead (outbox), as the local mailer delivered them (email_log).
    // How many of each the month sends the client: the two requests it issued unpaid (the final payment, paid
    // before it was requested, is not emailed), a receipt per payment, a credit note for the refund.
    const expected: Record<string, number> = {
      'credit-note': 1,
      'deposit-request': 1,
      invoice: 1,
      'payment-received': 2,
    };
    let sent: Array<{
      templateId: string;
      to: string;
      variables: Record<string, string>;
      subject: string;
      html: string;
    }> = [];
    await expect
      .poll(async () => {
        const outbox = await db.collection('outbox').where('leadId', '==', month.leadId).get();
        const logs = await Promise.all(outbox.docs.map((d) => db.collection('email_log').doc(d.id).get()));
        sent = outbox.docs.map((d, i) => ({
          templateId: String(d.get('templateId')),
          to: String(d.get('to')),
          variables: (d.get('variables') ?? {}) as Record<string, string>,
          subject: String(logs[i]!.get('subject') ?? ''),
          html: String(logs[i]!.get('html') ?? ''),
        }));
        return Object.entries(expected).every(
          ([t, n]) => sent.filter((e) => e.templateId === t && e.to === EMAIL && e.html !== '').length >= n,
        );
      })
      .toBe(true);
    const one = (templateId: string) => {
      const found = sent.filter((e) => e.templateId === templateId && e.to === EMAIL);
      expect(found, templateId).toHaveLength(1);
      return found[0]!;
    };

    const deposit = one('deposit-request');
    expect(deposit.variables).toMatchObject({ invoiceNumber: want.deposit.number, amount: want.deposit.total });
    expect(deposit.subject).toContain(want.deposit.number);
    expect(deposit.html).toContain(want.deposit.total);

    const invoice = one('invoice');
    expect(invoice.variables).toMatchObject({ invoiceNumber: want.invoice.number, amount: want.invoice.total });
    expect(invoice.html).toContain(want.invoice.total);
    expect(invoice.variables.paymentLink).toContain(`invoiceId=${month.invoiceId}`);

    const credit = one('credit-note');
    expect(credit.variables).toMatchObject({
      amount: want.deposit.refunded,
      creditNoteNumber: month.creditNote,
      invoiceNumber: want.deposit.number,
    });
    expect(credit.subject).toBe(`Refund of ${want.deposit.refunded}: credit note ${month.creditNote}`);
    expect(credit.html).toContain(want.deposit.refunded);

    // The receipts: one per payment, for what each request billed; less the refund, what the client kept.
    const receipts = sent.filter((e) => e.templateId === 'payment-received' && e.to === EMAIL);
    expect(receipts.map((e) => e.variables.amount).sort()).toEqual([want.deposit.total, want.final.total].sort());
    for (const r of receipts) expect(r.html).toContain(r.variables.amount);
    const receiptCents = receipts.reduce((s, e) => s + centsOf(e.variables.amount ?? ''), 0);
    expect(receiptCents - centsOf(credit.variables.amount ?? '')).toBe(want.keptCents);
  });
});
