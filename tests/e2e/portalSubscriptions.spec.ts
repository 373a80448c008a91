/**
 * A cart buyer's hosting subscription in the client portal, end to end: a
 * monthly hosting order paid in test mode; the buyer asks for a sign-in link
 * on /portal and opens it on the same device; the portal lists the
 * subscription (price, renewal day, Active), and "Cancel at period end",
 * asked first, leaves it ending on that day, with no WCAG A/AA violation and
 * nothing wider than the phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PORTAL_SUBSCRIPTION_CANCELED } from '@studio/domain';
import { WIDTHS, wcagViolations } from './support/axe.js';
import { signInToPortal } from './support/portal.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('a cart buyer signs in to the portal and ends their hosting subscription at the end of its period', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `e2e.portal.sub.${randomUUID().slice(0, 8)}@example.com`;
  const headers = { 'x-studio-test-client': `10.${Math.floor(Math.random() * 250) + 1}.77.1` };
  const order = await request.post('/api/create-subscription', {
    data: {
      packageId: 'web-hosting',
      pricingMode: 'monthly',
      clientInfo: { name: 'Portal Buyer', email, projectDescription: 'Hosting' },
    },
    headers,
  });
  expect(order.status()).toBe(201);
  const { orderId, paymentIntentId } = (await order.json()) as { orderId: string; paymentIntentId: string };
  expect((await request.post('/api/test-mode/confirm-payment', { data: { paymentIntentId }, headers })).status()).toBe(
    200,
  );
  await expect.poll(async () => (await db.collection('subscriptions').doc(orderId).get()).get('status')).toBe('active');

  // Same device: the page remembers the address, so opening the link signs in at once.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToPortal(page, email);

  const section = page.getByRole('region', { name: 'Hosting subscriptions' });
  const card = section.getByTestId('portal-subscription');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('$45.00 per month');
  await expect(card).toContainText(/renews on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    expect.soft(await wcagViolations(page), `WCAG A/AA violations: portal subscriptions, ${w.label}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `nothing wider than ${w.label}`).toBeLessThanOrEqual(0);
  }

  // Asked first; "Keep it" changes nothing.
  await card.getByRole('button', { name: /^Cancel at period end/ }).click();
  const dialog = page.getByRole('dialog', { name: /^End / });
  await expect(dialog).toContainText('nothing more is charged');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  expect((await db.collection('subscriptions').doc(orderId).get()).get('cancelAtPeriodEnd')).toBe(false);

  await card.getByRole('button', { name: /^Cancel at period end/ }).click();
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(PORTAL_SUBSCRIPTION_CANCELED)).toBeVisible();
  await expect(card.getByText(/^Ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Cancel at period end/ })).toHaveCount(0);
  expect((await db.collection('subscriptions').doc(orderId).get()).get('cancelAtPeriodEnd')).toBe(true);
});
