/**
 * The Money page and customers: a test-mode cart purchase with a promo code
 * shows on Clients and on Money (a customer without a lead), and the owner's
 * new-order email is in the email log; an invoice's ageing bucket follows
 * the browser's clock (Playwright's fake clock); a refund from the ledger
 * issues a credit note, and a refunded deposit shows on Invoicing; due days
 * show as picked on the studio's clock (settings time zone), not UTC's. The
 * ledger's CSV export: its cash column sums to the cash received the page
 * shows, on the seeded books and on a month of a deposit, a refund with its
 * credit note (the refund's document, never a second amount) and a
 * write-off (not cash); the client filter finds a client by name, and at
 * 390 px the outstanding amount needs no sideways scroll.
 */
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';
import { centsOf, CSV_CASH as CASH, exportedLedger, sumCash } from './support/money.js';
import { projectDoc, quotedLeadDoc, storeLead } from '../fixtures.js';
import { payNextInTestMode } from '../testModePayments.js';
import { DAY_MS } from '@studio/domain';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

/** Pays lead `leadId`'s deposit in test mode, as the client's Pay Now does, and waits for its request to be paid. */
async function payDeposit(leadId: string) {
  await payNextInTestMode(leadId);
  await expect
    .poll(async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).get('status'))
    .toBe('paid');
}

/** Buys the first package one-time with WELCOME10 through the cart's test-mode checkout. */
async function buyHosting(page: Page, email: string) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'One Time', exact: true }).click();
  await page
    .getByRole('article', { name: 'Web Fresh/Refresh + Hosting', exact: true })
    .getByRole('button', { name: 'Choose Web Fresh/Refresh + Hosting' })
    .click();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/WELCOME10 applied/)).toBeVisible();
  const form = page.getByRole('form', { name: 'Your information' });
  await form.getByLabel('Name').fill('Money Buyer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project description').fill('Host our site.');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
}

/** Chooses `email` in the Money page's client filter. */
async function filterClient(page: Page, email: string) {
  await page.getByRole('combobox', { name: 'Client' }).fill(email);
  await page.getByRole('option', { name: email }).click();
}

/** The cash received the page shows: the revenue table's total, in cents. */
async function cashReceivedShown(page: Page): Promise<number> {
  const total = page.getByRole('table', { name: 'Revenue by month' }).getByTestId('cash-received');
  await expect(total).toBeVisible();
  return centsOf((await total.getByRole('cell').last().textContent()) ?? '');
}

test("on the seeded books, the export's cash column sums to the cash received the page shows", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/money');
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  const shown = await cashReceivedShown(page);
  const rows = await exportedLedger(page);
  expect(rows.length).toBeGreaterThan(0);
  expect(sumCash(rows)).toBe(shown);
  // A credit note is its refund's document, never a row of its own.
  expect(rows.filter((r) => r.Type === 'Credit note')).toEqual([]);
});

test('a month of a deposit, a refund and a write-off: signed on screen and in the CSV, summing to $3,000 received', async ({
  page,
}) => {
  // A payment, two admin actions, a resize and an export, each waiting for what it needs.
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const email = `books.${tag}@example.com`;
  const name = `Books Client ${tag}`;
  const leadId = await storeLead(db, {
    name,
    email,
    subject: 'Books month',
    quoteAmountCents: 695_000,
    depositAmountCents: 347_500,
    finalAmountCents: 347_500,
  });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name, client: name }));
  // The $3,475.00 deposit paid through the test-mode checkout, as the client's Pay Now does.
  await payDeposit(leadId);
  // An open $300.00 invoice of theirs, to be written off.
  const issued = Timestamp.now();
  await db
    .collection('invoices')
    .doc()
    .set({
      leadId,
      number: `INV-2026-7${randomUUID().replace(/\D/g, '').slice(0, 3)}`,
      email,
      clientName: name,
      amountCents: 30_000,
      currency: 'usd',
      description: 'Extra revisions',
      issuedAt: issued,
      dueDate: Timestamp.fromMillis(issued.toMillis() + 10 * DAY_MS),
      status: 'open',
      checkoutUrl: null,
      createdAt: issued,
      updatedAt: issued,
    });

  await loginAsAdmin(page);
  await page.goto('/admin/money');
  // The filter finds the client by a part of their name, in any case.
  await page.getByRole('combobox', { name: 'Client' }).fill(`books client ${tag}`.toUpperCase());
  await page.getByRole('option', { name: `${name} (${email})` }).click();
  const outstanding = page.getByRole('region', { name: /^Outstanding/ });
  await expect(outstanding.getByRole('heading')).toHaveText('Outstanding: $300.00');

  // At 390 px the amount due is in view without a sideways scroll (the client, due day and age move into the first cell).
  await page.setViewportSize({ width: 390, height: 844 });
  const table = outstanding.getByRole('group', { name: 'Outstanding invoices (scrolls)' });
  const amount = outstanding.getByRole('cell', { name: '$300.00' });
  await expect(amount).toBeInViewport();
  const box = (await amount.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(outstanding.getByTestId('outstanding-row')).toContainText(name);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A $475.00 refund of the deposit, from the ledger.
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await ledger.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Amount').fill('475.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund issued')).toBeVisible();
  // The rest of the invoice written off.
  await outstanding.getByRole('button', { name: 'Write off' }).click();
  await page
    .getByRole('dialog', { name: /^Write off INV-/ })
    .getByRole('button', { name: 'Write Off' })
    .click();
  await expect(outstanding).toContainText('Nothing is owed.');

  // On screen: the refund once, signed, with its credit note as its document; the write-off as − and not cash.
  const refund = ledger.locator('[data-type="refund"]');
  await expect(refund).toContainText('\u2212$475.00');
  await expect(refund).toContainText(/CN-\d{4}-\d{4,}/);
  await expect(refund.getByRole('button', { name: /^PDF of credit note CN-\d{4}-\d{4,}$/ })).toBeVisible();
  await expect(ledger.locator('[data-type="credit_note"]')).toHaveCount(0);
  const writeOff = ledger.locator('[data-type="write_off"]');
  await expect(writeOff).toContainText('\u2212$300.00');
  await expect(writeOff).toContainText('Written off, not cash');
  await expect(ledger.locator('[data-type="payment"]')).toContainText('$3,475.00');
  await expect(ledger.getByTestId('ledger-row')).toHaveCount(3);
  expect(await cashReceivedShown(page)).toBe(300_000);

  // The CSV: one signed row per movement; the cash column sums to the $3,000.00 received, to the cent.
  const rows = await exportedLedger(page);
  expect(rows.map((r) => [r.Type, r[CASH], r['Written off (signed, not cash)'], r.Currency])).toEqual(
    expect.arrayContaining([
      ['Payment', '3475.00', '0.00', 'USD'],
      ['Refund', '-475.00', '0.00', 'USD'],
      ['Write-off', '0.00', '-300.00', 'USD'],
    ]),
  );
  expect(rows).toHaveLength(3);
  expect(rows.find((r) => r.Type === 'Refund')!['Credit note']).toMatch(/^CN-\d{4}-\d{4,}$/);
  expect(sumCash(rows)).toBe(300_000);
  expect(sumCash(rows)).toBe(await cashReceivedShown(page));
});

test('a cart purchase with a promo code shows on Clients and Money, and the owner is emailed', async ({ page }) => {
  // A whole day's path: the cart's checkout, two admin pages and a refund, each step waiting for what it needs.
  test.setTimeout(180_000);
  const email = `money.${randomUUID().slice(0, 8)}@example.com`;
  await buyHosting(page, email);
  // The owner's new-order alert, sent through the outbox (the local mailer logs it).
  await expect
    .poll(async () => {
      const log = await db.collection('email_log').where('templateId', '==', 'money-alert').get();
      return log.docs.some(
        (d) =>
          String(d.get('subject')).startsWith('Order paid') &&
          d.get('to') === 'owner@example.com' &&
          String(d.get('html')).includes('Money Buyer'),
      );
    })
    .toBe(true);

  await loginAsAdmin(page);
  await page.goto('/admin/clients');
  const customers = page.getByRole('region', { name: 'Hosting customers' });
  await expect(customers.getByTestId('order-row').filter({ hasText: email })).toContainText('$462.99');

  await page.goto('/admin/money');
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  await filterClient(page, email);
  await expect(page.getByRole('region', { name: 'Hosting orders' }).getByTestId('order-row')).toContainText(
    'Promo WELCOME10',
  );
  // The hosting it sold renews monthly ($12.99 after the first month, one-time mode).
  const subscription = page.getByRole('region', { name: 'Hosting subscriptions' }).getByTestId('subscription-row');
  await expect(subscription).toHaveAttribute('data-status', 'active');
  await expect(subscription).toContainText('$12.99/month');
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger.getByTestId('ledger-row')).toHaveCount(1);
  await expect(ledger.getByTestId('ledger-row').first()).toContainText('$462.99');
  await expect(page.getByRole('table', { name: 'Revenue by month' })).toContainText('$462.99');

  // A partial refund from the ledger: its credit note, with its PDF, on the refund's row.
  await ledger.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toContainText('a credit note is issued');
  await dialog.getByLabel('Amount').fill('62.99');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund issued')).toBeVisible();
  const refund = ledger.locator('[data-type="refund"]');
  await expect(refund).toContainText('\u2212$62.99');
  await expect(refund.getByRole('button', { name: /^PDF of credit note CN-\d{4}-\d{4,}$/ })).toBeVisible();
  await expect(ledger.locator('[data-type="credit_note"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Revenue by month' })).toContainText('$400.00');
});

test('the page ages an invoice by its clock (current today, 31–60 days late 50 days on), and Void closes it', async ({
  page,
}) => {
  const email = `ageing.${randomUUID().slice(0, 8)}@example.com`;
  const lead = db.collection('leads').doc();
  // A lead whose quote is not accepted: no deposit request is issued beside the invoice.
  await lead.set(quotedLeadDoc({ name: 'Ageing Client', email, status: 'Contacted', quoteAccepted: false }));
  const issued = Date.now();
  // Due in 10 days: current today; 50 days on it is 40 days late (the 31–60 bucket).
  await db
    .collection('invoices')
    .doc()
    .set({
      leadId: lead.id,
      number: `INV-2026-9${randomUUID().replace(/\D/g, '').slice(0, 3)}`,
      email,
      clientName: 'Ageing Client',
      amountCents: 12_345,
      currency: 'usd',
      description: 'Extra pages',
      issuedAt: Timestamp.fromMillis(issued),
      dueDate: Timestamp.fromMillis(issued + 10 * DAY_MS),
      status: 'open',
      checkoutUrl: null,
      createdAt: Timestamp.fromMillis(issued),
      updatedAt: Timestamp.fromMillis(issued),
    });
  await loginAsAdmin(page);
  const outstanding = page.getByRole('region', { name: /^Outstanding/ });
  const open = async () => {
    await page.goto('/admin/money');
    await filterClient(page, email);
    await expect(outstanding.getByRole('heading')).toHaveText('Outstanding: $123.45');
  };
  await open();
  await expect(outstanding.getByTestId('outstanding-row')).toContainText('Current');
  await expect(outstanding.locator('[data-bucket="current"]')).toContainText('$123.45');

  // The browser's clock 50 days on (timers keep running, so the live data keeps flowing).
  await page.clock.setFixedTime(issued + 50 * DAY_MS);
  await open();
  await expect(outstanding.getByTestId('outstanding-row')).toContainText('31–60 days');
  await expect(outstanding.locator('[data-bucket="31-60"]')).toContainText('$123.45');
  await expect(outstanding.locator('[data-bucket="current"]')).toContainText('$0.00');

  // Voided (after a confirmation that names what follows), it owes nothing.
  await outstanding.getByRole('button', { name: 'Void' }).click();
  const confirm = page.getByRole('dialog', { name: /^Void INV-/ });
  await expect(confirm).toContainText('It keeps its number, marked void.');
  await confirm.getByRole('button', { name: 'Void Invoice' }).click();
  await expect(page.getByText('Invoice voided')).toBeVisible();
  await expect(outstanding.getByRole('heading')).toHaveText('Outstanding: $0.00');
  await expect(outstanding).toContainText('Nothing is owed.');
});

test("a due day shows as the day picked on the studio's clock, not UTC's (Pacific/Auckland)", async ({ page }) => {
  // Four page loads (settings, Money, Invoicing, each with its live listeners): more than the default minute
  // on a busy two-core host.
  test.setTimeout(120_000);
  const email = `dueday.${randomUUID().slice(0, 8)}@example.com`;
  const studio = db.collection('settings').doc('studio');
  const before = await studio.get();
  const name = `Due Day Client ${randomUUID().slice(0, 6)}`;
  const leadId = await storeLead(db, { name, email, subject: 'Due day' });
  // Dec 15, 2026 picked in Auckland (UTC+13) starts at 11:00 UTC on Dec 14 (domain dueDayStart).
  const dueDate = Timestamp.fromDate(new Date('2026-12-14T11:00:00Z'));
  const issued = Timestamp.fromDate(new Date('2026-11-27T11:00:00Z'));
  await db
    .collection('invoices')
    .doc()
    .set({
      leadId,
      number: `INV-2026-8${randomUUID().replace(/\D/g, '').slice(0, 3)}`,
      email,
      clientName: name,
      amountCents: 5_000,
      currency: 'usd',
      description: 'Due day check',
      issuedAt: issued,
      dueDate,
      status: 'open',
      checkoutUrl: null,
      createdAt: issued,
      updatedAt: issued,
    });
  try {
    await loginAsAdmin(page);
    await page.goto('/admin/settings');
    await page.getByLabel('Time zone').fill('Pacific/Auckland');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto('/admin/money');
    await filterClient(page, email);
    await expect(page.getByTestId('outstanding-row').filter({ hasText: 'Due day check' })).toContainText(
      'Dec 15, 2026',
    );

    await page.goto('/admin/invoicing');
    const card = page.getByRole('article', { name: `Invoicing ${name}` });
    const more = page.getByRole('button', { name: /^Show \d+ more / });
    await expect(card.or(more).first()).toBeVisible();
    while ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
    await expect(card.getByTestId('invoice-row').filter({ hasText: 'Due day check' })).toContainText(
      'Due Dec 15, 2026',
    );
  } finally {
    // The studio's settings as they were: later tests keep their clock.
    if (before.exists) await studio.set(before.data() ?? {});
    else await studio.delete();
  }
});

test('a refunded deposit shows under its payment request on Invoicing, with its credit note', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `refund.${randomUUID().slice(0, 8)}@example.com`;
  const name = `Refund Client ${randomUUID().slice(0, 6)}`;
  const leadId = await storeLead(db, { name, email, subject: 'Refunded deposit' });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name, client: name }));
  // The deposit ($2,000.00) paid through the test-mode checkout, as the client's Pay Now does.
  await payDeposit(leadId);

  await loginAsAdmin(page);
  await page.goto('/admin/money');
  await filterClient(page, email);
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await ledger.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Amount').fill('100.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund issued')).toBeVisible();

  await page.goto('/admin/invoicing');
  const card = page.getByRole('article', { name: `Invoicing ${name}` });
  const more = page.getByRole('button', { name: /^Show \d+ more / });
  await expect(card.or(more).first()).toBeVisible();
  while ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
  const deposit = card.getByTestId('invoice-row').filter({ hasText: 'deposit' });
  await expect(deposit.getByTestId('invoice-adjustments')).toContainText(/Refunded \$100\.00 · CN-\d{4}-\d{4,}/);
});
