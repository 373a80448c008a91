/**
 * Cart / Payments (spec §2 "Cart", §5 "Cart info form", §8, §9 "Cart
 * packages"): the pricing toggle and the three packages in each mode, the
 * promo box in One Time only with the seeded WELCOME10 (10% of the $500 setup
 * fee), the missing-information toast, and the test-mode checkout to
 * "Subscription Successful!": the shared payment form's Pay Now confirms the
 * order's PaymentIntent on the server, which marks the order paid. The order
 * is checked with the Admin SDK.
 */
import { expect, test, type Page } from './support/test.js';
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const PACKAGES = ['Web Fresh/Refresh + Hosting', 'Plus 2hr Maintenance', 'Plus 8hr Maintenance'];
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const price = (page: Page, name: string) => page.getByRole('group', { name: `${name} price`, exact: true });
const mode = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const promoBox = (page: Page) => page.getByRole('textbox', { name: 'Promo code' });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

test.beforeEach(async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('pricing modes: Monthly by default, the three packages priced in each mode', async ({ page }) => {
  await expect(mode(page, 'Monthly')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(3);
  for (const name of PACKAGES) await expect(card(page, name)).toBeVisible();
  await expect(card(page, 'Plus 2hr Maintenance').getByText('Most Popular')).toBeVisible();
  await expect(card(page, 'Web Fresh/Refresh + Hosting').getByText('Most Popular')).toHaveCount(0);

  await expect(price(page, PACKAGES[0]!)).toContainText('$45.00/month');
  await expect(price(page, PACKAGES[1]!)).toContainText('$85.00/month');
  await expect(price(page, PACKAGES[2]!)).toContainText('$275.00/month');
  await expect(price(page, PACKAGES[0]!)).toContainText('No setup fee');

  await mode(page, 'Annual').click();
  await expect(mode(page, 'Annual')).toHaveAttribute('aria-pressed', 'true');
  await expect(price(page, PACKAGES[0]!)).toContainText('$450.00/year');
  await expect(price(page, PACKAGES[0]!)).toContainText('Save $90.00 a year');
  await expect(price(page, PACKAGES[1]!)).toContainText('$925.00/year');
  await expect(price(page, PACKAGES[1]!)).toContainText('Save $95.00 a year');
  await expect(price(page, PACKAGES[2]!)).toContainText('$3,175.00/year');
  await expect(price(page, PACKAGES[2]!)).toContainText('Save $125.00 a year');

  await mode(page, 'One Time').click();
  for (const [name, hosting] of [
    [PACKAGES[0]!, '$12.99'],
    [PACKAGES[1]!, '$49.99'],
    [PACKAGES[2]!, '$249.99'],
  ]) {
    await expect(price(page, name!)).toContainText('$500.00 one-time setup');
    await expect(price(page, name!)).toContainText(`then ${hosting}/month hosting`);
  }
});

test('the promo box shows in One Time mode only', async ({ page }) => {
  await card(page, 'Plus 2hr Maintenance').getByRole('button', { name: 'Choose Plus 2hr Maintenance' }).click();
  await expect(summary(page)).toContainText('Waived');
  await expect(promoBox(page)).toHaveCount(0);
  await mode(page, 'One Time').click();
  await expect(promoBox(page)).toBeVisible();
  await expect(summary(page)).toContainText('$500.00');
  await mode(page, 'Annual').click();
  await expect(promoBox(page)).toHaveCount(0);
  await expect(summary(page)).toContainText('You save $95.00 a year');
});

test('WELCOME10 takes 10% off the setup fee; an unknown code is refused', async ({ page }) => {
  await mode(page, 'One Time').click();
  await card(page, 'Plus 2hr Maintenance').getByRole('button', { name: 'Choose Plus 2hr Maintenance' }).click();
  await expect(summary(page).getByText('Total due now').locator('..')).toContainText('$549.99');

  await promoBox(page).fill('nope-123');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid promo code')).toBeVisible();

  await promoBox(page).fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('WELCOME10 applied: 10% off, $50.00 off the setup fee')).toBeVisible();
  await expect(summary(page)).toContainText('Promo WELCOME10');
  await expect(summary(page)).toContainText('−$50.00');
  // $500 setup − $50 + the first month of hosting $49.99.
  await expect(summary(page).getByText('Total due now').locator('..')).toContainText('$499.99');

  // Outside One Time the promo does not count.
  await mode(page, 'Monthly').click();
  await expect(summary(page).getByText('Total due now').locator('..')).toContainText('$85.00');
});

test('missing client information gives the "Required Information" toast', async ({ page }) => {
  await card(page, 'Web Fresh/Refresh + Hosting')
    .getByRole('button', { name: 'Choose Web Fresh/Refresh + Hosting' })
    .click();
  const form = page.getByRole('form', { name: 'Your information' });
  await form.getByLabel('Name').fill('Only A Name');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Required Information')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await expect(form.getByText('Project description is required')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused(); // the first invalid field
});

test('create-subscription success path on a 360 px phone: test-mode payment, then "Subscription Successful!"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/cart');
  const email = `cart.${randomUUID().slice(0, 8)}@example.com`;

  await mode(page, 'One Time').click();
  await card(page, 'Web Fresh/Refresh + Hosting')
    .getByRole('button', { name: 'Choose Web Fresh/Refresh + Hosting' })
    .click();
  await promoBox(page).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/WELCOME10 applied/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const form = page.getByRole('form', { name: 'Your information' });
  await form.getByLabel('Name').fill('Cart Client');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Project description').fill('Refresh our bakery site and host it.');
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Test mode: no card is charged')).toBeVisible();
  await expect(page.getByText(/Payments complete without a card/)).toBeVisible();
  // $500 − $50 + $12.99, priced by the server.
  await expect(summary(page).getByText('Total due now').locator('..')).toContainText('$462.99');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const orders = await db.collection('orders').where('clientInfo.email', '==', email).get();
  expect(orders.docs.map((d) => d.data())).toEqual([
    expect.objectContaining({
      status: 'pending_payment',
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      promoCode: 'WELCOME10',
      discountCents: 5_000,
      totalDueNowCents: 46_299,
    }),
  ]);

  await expect(page.getByRole('button', { name: 'Back to packages' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/cart\?success=true$/);
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
  // Paid on the server, through the same fulfilment as a Stripe webhook.
  await expect
    .poll(async () =>
      (await db.collection('orders').where('clientInfo.email', '==', email).get()).docs.map((d) => d.get('status')),
    )
    .toEqual(['paid']);
});

test('a failed subscription toasts and returns to the package list', async ({ page }) => {
  // A server failure, stubbed in the browser: the page must recover either way.
  await page.route('**/api/create-subscription', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Internal server error' }),
    }),
  );
  await card(page, 'Plus 8hr Maintenance').getByRole('button', { name: 'Choose Plus 8hr Maintenance' }).click();
  const form = page.getByRole('form', { name: 'Your information' });
  await form.getByLabel('Name').fill('Cart Client');
  await form.getByLabel('Email').fill('cart.fail@example.com');
  await form.getByLabel('Project description').fill('Anything');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Failed to create subscription')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Your information' })).toHaveCount(0);
  await expect(
    card(page, 'Plus 8hr Maintenance').getByRole('button', { name: 'Choose Plus 8hr Maintenance' }),
  ).toBeVisible();
});
