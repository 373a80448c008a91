/**
 * The client portal's documents and files end to end: the owner uploads a
 * file on the lead's details and shows it to the client; the client signs in
 * by email link on this device, downloads their invoice PDF from Documents
 * (their own session) and the shared file (a fresh signed link), the due day
 * as the studio writes it; the owner then reads on the lead's details that
 * the client has signed in and downloaded the file. WCAG A/AA at 1440 and 390 px with both shown.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { WIDTHS, wcagViolations } from './support/axe.js';
import { NO_QUOTE, storeLead, storePaidPayment } from '../fixtures.js';
import { signInToPortal } from './support/portal.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

test('the owner shares a file; the client downloads it and their documents; the owner sees they signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const name = `Docs Client ${tag}`;
  const email = `e2e.portaldocs.${tag}@example.com`;
  const leadId = await storeLead(db, { name, email, subject: `Docs site ${tag}`, status: 'New', ...NO_QUOTE });
  await db
    .collection('invoices')
    .doc()
    .set({
      leadId,
      number: `INV-DOC-${tag}`,
      email,
      clientName: name,
      amountCents: 20_000,
      description: 'Brand kit',
      status: 'open',
      // Noon UTC: the same day on any studio clock between UTC-11 and UTC+11.
      dueDate: Timestamp.fromDate(new Date('2030-06-15T12:00:00Z')),
      createdAt: Timestamp.now(),
      paidAt: null,
      paymentIntentId: null,
      checkoutUrl: null,
    });
  await storePaidPayment(db, { id: `pi_e2edocs_${tag}`, leadId, purpose: 'invoice', amountCents: 5_000 });

  // The owner shares a file from the lead's details, and shows it to the client.
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  await (await cardIn(page, 'New', name)).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByTestId('portal-sign-in-status')).toContainText('Client portal: not signed in yet');
  await detail.getByTestId('lead-file-input').setInputFiles({
    name: `Brand guide ${tag}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% brand guide\n%%EOF\n'),
  });
  await expect(page.getByText('File uploaded', { exact: true })).toBeVisible();
  const row = detail.getByTestId('lead-file').filter({ hasText: `Brand guide ${tag}.pdf` });
  // The switch shows the stored state: it turns on once the server has saved it, after the click returns, so
  // click and wait for it (Playwright's check() wants the state changed by the click itself).
  await row.getByRole('switch', { name: `Visible to client: Brand guide ${tag}.pdf` }).click();
  await expect(row.getByRole('switch', { name: /^Visible to client/ })).toBeChecked();
  await detail.getByRole('button', { name: 'Close' }).click();

  // The client asks for a link on this device and opens it here: the address is remembered.
  const device = await browser.newContext({
    baseURL: process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const client = await device.newPage();
  await signInToPortal(client, email);

  await expect(client.getByTestId('portal-invoice').filter({ hasText: `INV-DOC-${tag}` })).toContainText(
    'due June 15, 2030',
  );
  const documents = client.getByRole('region', { name: 'Documents' });
  const invoicePdf = documents.getByRole('button', { name: `Download Invoice (INV-DOC-${tag})` });
  await expect(invoicePdf).toBeVisible();
  await expect(documents.getByRole('button', { name: /^Download Receipt/ })).toBeVisible();
  const [download] = await Promise.all([client.waitForEvent('download'), invoicePdf.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // The shared file, through a fresh signed link.
  const files = client.getByRole('region', { name: 'Files' });
  await expect(files.getByTestId('portal-file')).toHaveCount(1);
  const [shared] = await Promise.all([
    client.waitForEvent('download'),
    files.getByRole('button', { name: `Download Brand guide ${tag}.pdf` }).click(),
  ]);
  expect(shared.suggestedFilename()).toBe(`Brand guide ${tag}.pdf`);

  for (const w of WIDTHS) {
    await client.setViewportSize({ width: w.width, height: w.height });
    expect.soft(await wcagViolations(client), `WCAG A/AA violations: /portal documents, ${w.label}`).toEqual([]);
    const overflow = await client.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `nothing wider than ${w.label}`).toBeLessThanOrEqual(0);
  }
  await device.close();

  // The owner reads on the lead's details that the client signed in.
  await (await cardIn(page, 'New', name)).click();
  await expect(detail.getByTestId('portal-sign-in-status')).toContainText('Client portal: signed in on');
  await expect(detail.getByText(`${email} signed in to the client portal`)).toBeVisible();
  await expect(detail.getByText(`File uploaded: Brand guide ${tag}.pdf`)).toBeVisible();
  await expect(detail.getByText(`Shown to client: Brand guide ${tag}.pdf`)).toBeVisible();
  await expect(detail.getByText(`Client downloaded: Brand guide ${tag}.pdf`)).toBeVisible();
});
