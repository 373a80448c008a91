/**
 * Invoice PDFs and receipts end to end: the admin downloads a lead's deposit
 * request PDF (numbered, with the studio's name from Settings) from the
 * Invoicing page; the client pays the deposit in test mode from My Project
 * and then downloads the receipt there through its signed link. The files
 * are parsed back (pdf-parse).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loginAsAdmin, revealCard } from './support/admin.js';
import { storeLead } from '../fixtures.js';
import { pdfText } from '../pdfText.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': `10.${RUN}.225.${(++ipCounter % 250) + 1}` });
});

/** The text of the file a click downloads. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = (await pdfText(await readFile(await download.path()))).text;
  return { name: download.suggestedFilename(), text };
}

test('the admin downloads the deposit request PDF; the client pays and downloads the receipt from My Project', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const name = `Pdf Client ${TAG}`;
  const email = `e2e.pdf.${TAG}@example.com`;
  const leadId = await storeLead(db, { name, email, subject: `Pdf site ${TAG}` });
  await expect
    .poll(async () => (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).get('number'), {
      timeout: 20_000,
    })
    .toMatch(/^INV-\d{4}-\d{4,}$/);
  const number = (await db.collection('payment_requests').doc(`${leadId}_deposit`).get()).get('number') as string;

  // The admin names the studio on the Settings page.
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const studio = `E2E Studio ${TAG}`;
  await page.getByLabel('Business name').fill(studio);
  await page.getByLabel('Contact email').fill('hello@e2e-studio.example');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // The Invoicing page shows the number and downloads the PDF.
  await page.getByRole('link', { name: 'Invoicing' }).click();
  const card = page.getByTestId('invoicing-card').filter({ hasText: name });
  await revealCard(page, card);
  await expect(card.getByTestId('invoice-row').filter({ hasText: number })).toBeVisible();
  const invoice = await downloadedText(page, () =>
    card.getByRole('button', { name: `PDF of invoice ${number}` }).click(),
  );
  expect(invoice.name).toBe(`${number}.pdf`);
  for (const s of [number, studio, name, 'Total due', '$2,000.00', '50% deposit']) expect(invoice.text, s).toContain(s);

  // The client opens My Project and pays the deposit in test mode.
  const client = await page.context().newPage();
  await client.setExtraHTTPHeaders({ 'x-studio-test-client': `10.${RUN}.226.${(++ipCounter % 250) + 1}` });
  await client.goto('/my-project');
  const form = client.getByRole('form', { name: 'Access your project' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Open' }).click();
  await client.getByRole('button', { name: 'Pay Now' }).click();
  await expect(client).toHaveURL((url) => url.pathname === '/checkout');
  await client.getByRole('button', { name: 'Pay Now' }).click();
  await expect(client.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // Back on My Project (a fresh lookup), the receipt is offered.
  await client.goto('/my-project');
  // The page may open on the stored lookup (before the payment): start a fresh one.
  const useAnother = client.getByRole('button', { name: 'Use another email' });
  await expect(form.or(useAnother).first()).toBeVisible();
  if (await useAnother.isVisible()) await useAnother.click();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Open' }).click();
  const documents = client.getByRole('region', { name: 'Invoices and receipts' });
  const receiptLink = documents.getByRole('link', { name: new RegExp(`^Download Receipt for ${number}`) });
  await expect(receiptLink).toBeVisible();
  const receipt = await downloadedText(client, () => receiptLink.click());
  expect(receipt.name).toBe(`receipt-${number}.pdf`);
  for (const s of ['RECEIPT', 'PAID', number, studio, '$2,000.00']) expect(receipt.text, s).toContain(s);
});
