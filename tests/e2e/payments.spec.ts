/**
 * Payments end to end (spec §2 "Checkout and payment success",
 * "Invoicing"; §5 "Invoice form", "Checkout link"; §8 payment and invoice
 * messages). The emulators run the server's test-mode provider: "Pay Now"
 * completes a payment without a card, through the same fulfilment as a
 * verified Stripe webhook.
 *
 * - a checkout link without an amount: toast, back to /;
 * - a custom link paid in test mode: /payment-success, payment recorded;
 * - the admin's Invoicing page: cards, Create Invoice validation (client and
 *   server messages) and success, then the client pays the invoice's link;
 * - the deposit: a quote approved through the admin API, accepted by the
 *   client, its checkout paid; the project stays in Set up (Production is a
 *   manual stage, spec §4) until the owner moves it, which the admin's live
 *   projects board follows.
 *
 * Data is written by each test (Admin SDK or admin API) under unique names;
 * every wait is on UI or stored state. Each test sends its own
 * rate-limit bucket (test-client header) so the per-IP checkout limit is never reached.
 */
import { expect, test, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { adminToken } from './support/adminApi.js';
import { loginAsAdmin, revealCard } from './support/admin.js';
import { storeLead } from '../fixtures.js';
import { DAY_MS } from '@studio/domain';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const RUN = Math.floor(Math.random() * 250) + 1; // runs against a still-running emulator do not share counters
let ipCounter = 0;
const nextIp = () => `10.${RUN}.201.${(++ipCounter % 250) + 1}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const paymentSummary = (page: Page) => page.getByRole('region', { name: 'Payment summary' });

/** A lead as the CRM stores it (money in cents), by default in Set Up with a $4,000 quote; returns its id. */
async function seedLead(name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return storeLead(db, {
    name,
    email: `e2e.payments.${tag}@example.com`,
    subject: `Site for ${name}`,
    message: 'Seeded by payments.spec.ts',
    ...fields,
  });
}

test.describe('checkout', () => {
  test('a link without an amount toasts "Invalid Payment Link" and goes back to /', async ({ page }) => {
    await page.goto('/checkout?description=Consulting');
    await expect(page.getByText('Invalid Payment Link')).toBeVisible();
    await expect(page.getByText('No amount specified')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('a custom link paid in test mode lands on "Payment Successful!" and is recorded', async ({ page }) => {
    const intent = page.waitForResponse(
      (r) => r.url().endsWith('/api/create-payment-intent') && r.request().method() === 'POST',
    );
    await page.goto('/checkout?amount=25.00&description=Consulting');
    const reply = await intent;
    expect(reply.status()).toBe(200);
    const { paymentIntentId, amount, mode } = (await reply.json()) as {
      paymentIntentId: string;
      amount: string;
      mode: string;
    };
    expect({ amount, mode }).toEqual({ amount: '25.00', mode: 'test' });

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(paymentSummary(page)).toContainText('$25.00');
    await expect(paymentSummary(page)).toContainText('Consulting');
    await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment-success');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Return to Home' })).toBeVisible();
    await expect
      .poll(async () => (await db.collection('payments').doc(paymentIntentId).get()).get('status'))
      .toBe('succeeded');

    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('the checkout fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(
      '/checkout?amount=1250.50&description=A%20rather%20long%20description%20of%20the%20work%20being%20paid%20for%20today',
    );
    await expect(paymentSummary(page)).toContainText('$1,250.50');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('invoicing (admin)', () => {
  test('cards for accepted projects; Create Invoice validates, sends, and the client pays the invoice link', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    const name = unique('Invoice Client');
    const quoted = unique('Still Quoted');
    const leadId = await seedLead(name);
    await seedLead(quoted, { status: 'Quoted', quoteAccepted: false });

    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Invoicing' }).click();
    await expect(page).toHaveURL(/\/admin\/invoicing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoicing' })).toBeVisible();

    const card = page.getByTestId('invoicing-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Set Up');
    await expect(card).toContainText(`Site for ${name}`);
    await expect(card.getByRole('list', { name: 'Amounts' })).toContainText('$4,000.00');
    await expect(card.getByRole('list', { name: 'Amounts' })).toContainText('$2,000.00');
    await expect(card.getByTestId('payment-markers')).toContainText('Deposit due: $2,000.00');
    await expect(card.getByRole('button', { name: /^Pay Now/ })).toBeVisible();
    // A lead still in Quoted is not ready for invoicing.
    await expect(page.getByTestId('invoicing-card').filter({ hasText: quoted })).toHaveCount(0);

    // Client-side messages (spec §5).
    await card.getByRole('button', { name: `Invoice ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog.getByText('Amount is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();

    // The server's bounds: below the $0.50 minimum.
    await dialog.getByLabel('Amount').fill('0.10');
    await dialog.getByLabel('Description').fill('Extra hours: March');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Invoice Creation Failed')).toBeVisible();
    await expect(dialog.getByText('The amount must be at least 0.50')).toBeVisible();

    await dialog.getByLabel('Amount').fill('250.00');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText('Invoice Created Successfully')).toBeVisible();
    await expect(page.getByText(/sent to the client/)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = card.getByTestId('invoice-row').filter({ hasText: 'Extra hours: March' });
    await expect(row).toContainText('$250.00');
    await expect(row).toContainText('Open');

    // The client opens the emailed link and pays it; the admin's card follows live.
    const invoices = await db.collection('invoices').where('leadId', '==', leadId).get();
    expect(invoices.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ amountCents: 25_000, description: 'Extra hours: March', status: 'open' }),
    ]);
    const checkoutUrl = invoices.docs[0]!.get('checkoutUrl') as string;
    const client = await (
      await browser.newContext({ extraHTTPHeaders: { 'x-studio-test-client': nextIp() } })
    ).newPage();
    await client.goto(checkoutUrl);
    await expect(paymentSummary(client)).toContainText('$250.00');
    await expect(paymentSummary(client)).toContainText('Extra hours: March');
    await client.getByRole('button', { name: 'Pay Now' }).click();
    await expect(client.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(row).toContainText('Paid');

    // The same link again: nothing left to pay.
    await client.goto(checkoutUrl);
    await expect(client.getByText('This invoice is already paid')).toBeVisible();
    await expect(client.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await client.context().close();
  });
});

test.describe('deposit', () => {
  const PLAN = {
    complexity: 'Medium',
    timeline: '6 weeks',
    requirements: 'Online shop with Stripe payments and a product database',
    estimatedHours: 40,
  };

  test("the accepted quote's checkout, paid in test mode, records the deposit; the project waits in Set up for the owner's move", async ({
    page,
    browser,
    request,
  }) => {
    // A quote approved through the admin API (as tests/api/quotes.test.ts does).
    const token = await adminToken(request, nextIp());
    const headers = () => ({ authorization: `Bearer ${token}`, 'x-studio-test-client': nextIp() });
    const subject = unique('Deposit flow');
    const created = await request.post('/api/leads', {
      headers: headers(),
      data: { name: 'Deposit Client', email: 'deposit.client@example.com', subject, message: 'We need a shop.' },
    });
    expect(created.status()).toBe(201);
    const leadId = ((await created.json()) as { id: string }).id;
    expect(
      (await request.put(`/api/leads/${leadId}`, { headers: headers(), data: { status: 'Contacted' } })).status(),
    ).toBe(200);
    expect((await request.post(`/api/leads/${leadId}/project-plan`, { headers: headers(), data: PLAN })).status()).toBe(
      201,
    );
    const approved = await request.post(`/api/leads/${leadId}/quote/approve`, { headers: headers(), data: {} });
    expect(approved.status()).toBe(200);
    const link = new URL(((await approved.json()) as { acceptanceUrl: string }).acceptanceUrl, 'http://base.invalid');

    // The client accepts and is sent to the deposit's checkout.
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Accept Quote' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/checkout' && url.searchParams.get('leadId') === leadId);
    // $95 × 40 h × 1.2 (database) × 1.3 (payments/Stripe) = $5,928 → $5,950; 50% deposit.
    await expect(paymentSummary(page)).toContainText('$2,975.00');
    await expect(paymentSummary(page)).toContainText(`50% deposit: ${subject}`);

    // The admin watches the projects board: the new project waits in Set up.
    const admin = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await loginAsAdmin(admin);
    await admin.getByRole('link', { name: 'Projects' }).click();
    await expect(admin.getByTestId('project-column-Set up').getByText(subject)).toBeVisible();

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    // The deposit is recorded and nothing moves: Production is a manual stage (spec §4).
    await expect
      .poll(async () => (await db.collection('leads').doc(leadId).get()).get('stripeDepositPaymentId') ?? null)
      .toMatch(/^pi_/);
    const projects = await db.collection('projects').where('leadId', '==', leadId).get();
    expect(projects.docs.map((d) => d.get('status'))).toEqual(['Set up']);
    expect(projects.docs[0]!.get('depositPaidAt')).toBeTruthy();
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({ status: 'Set Up', stripeDepositPaymentId: expect.stringMatching(/^pi_/) });
    expect(lead.stripeFinalPaymentId ?? null).toBeNull();
    await expect(admin.getByTestId('project-column-Set up').getByText(subject)).toBeVisible();

    // The owner starts the work; the board follows live: Set up → Production.
    const moved = await request.put(`/api/projects/${projects.docs[0]!.id}`, {
      headers: headers(),
      data: { status: 'Production' },
    });
    expect(moved.status()).toBe(200);
    await expect(admin.getByTestId('project-column-Production').getByText(subject)).toBeVisible();
    await expect(admin.getByTestId('project-column-Set up').getByText(subject)).toHaveCount(0);

    // Invoicing shows the deposit paid and the final payment due.
    await admin.getByRole('link', { name: 'Invoicing' }).click();
    const card = admin.getByTestId('invoicing-card').filter({ hasText: subject });
    await expect(card.getByTestId('payment-markers')).toContainText('Deposit paid');
    await expect(card.getByTestId('payment-markers')).toContainText('Final payment due: $2,975.00');
    await admin.context().close();
  });

  test("Pay Now on the Invoicing page completes a lead's deposit in test mode", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    const name = unique('Admin Pays');
    const leadId = await seedLead(name, { createdAt: Timestamp.fromMillis(Date.now() - DAY_MS) });
    await loginAsAdmin(page);
    await page.goto('/admin/invoicing');
    const card = page.getByTestId('invoicing-card').filter({ hasText: name });
    await revealCard(page, card); // seeded a day ago, so possibly past the first 60
    await card.getByRole('button', { name: `Pay Now for ${name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await expect(paymentSummary(page)).toContainText('$2,000.00');
    await expect(dialog.getByText('Test mode: no card is charged')).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('payment-markers')).toContainText('Deposit paid');
    await expect
      .poll(async () => (await db.collection('leads').doc(leadId).get()).get('stripeDepositPaymentId') ?? null)
      .toMatch(/^pi_/);
    // A paid deposit moves nothing (Production is manual, spec §4).
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('Set Up');
  });
});

test.describe('failed payments', () => {
  test('a declined test-mode deposit moves the lead to "Payment Failed"; a retry that succeeds puts it back', async ({
    page,
  }) => {
    const name = unique('Declined Client');
    const leadId = await seedLead(name);
    await page.goto(`/checkout?${new URLSearchParams({ amount: '2000.00', description: 'Deposit', leadId })}`);
    await expect(paymentSummary(page)).toContainText('$2,000.00');

    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await db.collection('leads').doc(leadId).get()).get('status'))
      .toBe('Payment Failed');

    // The same checkout can be paid again.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({ status: 'Set Up', stripeDepositPaymentId: expect.stringMatching(/^pi_test_/) });
  });
});
