/**
 * A proposal from signature to countersignature, in the browser: the client signs on a phone-sized page (typed
 * name and a drawn signature) and pays the deposit (the emulators' test-mode provider: "Pay Now" goes through the
 * same fulfilment as a verified Stripe webhook, as payments.spec.ts); the board card shows "Signed" and the project waits in Quote Accepted; the owner
 * countersigns in the lead details, the card shows "Countersigned" and the project reaches Set up. The outbox holds
 * the signed PDF's emails (client and studio) and the countersigned one's, each with the proposal attached as the
 * sender rendered it (email log), and the /verify page, keyboard only at 390 px, says the downloaded PDF is the
 * countersigned one. Both PDFs render (pdftoppm → PNG): the countersigned one's signature page shows the client's
 * signature and the owner's countersignature, and differs from the signed one's by it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { quotedLead } from './support/adminApi.js';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { drawSignature } from './support/signature.js';
import { pdfInk, pdfPagePng, pdfPageTexts, pngSize } from '../pdfText.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.232.${(++ipCounter % 250) + 1}`;

/**
 * The outbox entries of lead `leadId` whose status variable is `status` (Signed, Countersigned); for Signed also
 * the studio's copy, which has its own template.
 */
const mailsOf = async (leadId: string, status: string) =>
  (await db.collection('outbox').where('leadId', '==', leadId).get()).docs.filter(
    (d) =>
      (d.get('variables') as Record<string, string> | undefined)?.status === status ||
      (status === 'Signed' && d.get('templateId') === 'proposal-signed-owner'),
  );

test('sign on a phone, pay the deposit, countersign in the CRM: the emails carry the PDFs and /verify agrees', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
  const name = `Countersign Client ${randomUUID().slice(0, 8)}`;
  const { id: leadId, acceptancePath } = await quotedLead(request, name, nextIp, true, 'default');

  // The client signs with their typed name and a drawn signature, and pays the deposit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(acceptancePath!);
  await page.getByRole('checkbox').check();
  await page.getByLabel('Full legal name').fill('Noor Countersign');
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign and accept' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout' && url.searchParams.get('leadId') === leadId);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect
    .poll(async () => (await db.collection('leads').doc(leadId).get()).get('stripeDepositPaymentId') ?? null)
    .toMatch(/^pi_/);

  const proposalId = (await db.collection('proposals').where('leadId', '==', leadId).get()).docs[0]!.id;
  const pdfPath = `/api/quote-acceptance/proposal.pdf?${new URL(acceptancePath!, 'http://x').searchParams}`;
  // The signed PDF as the client has it before the countersignature.
  const signedBytes = await (await request.get(pdfPath)).body();
  const projects = () => db.collection('projects').where('leadId', '==', leadId).get();
  expect((await projects()).docs.map((d) => d.get('status'))).toEqual(['Quote Accepted']);

  // The owner sees "Signed" on the card and countersigns in the lead details.
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await admin.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
  await loginAsAdmin(admin);
  const card = await cardIn(admin, 'Set Up', name);
  await expect(card.getByTestId('lead-proposal')).toHaveText('Signed');
  await card.click();
  const detail = admin.getByRole('dialog', { name });
  const proposals = detail.getByTestId('lead-proposals');
  await proposals.getByLabel('Your full name').fill('Studio Owner');
  await proposals.getByRole('button', { name: 'Countersign' }).click();
  await expect(admin.getByText('Countersigned', { exact: true }).first()).toBeVisible();
  await expect(proposals.getByRole('button', { name: 'Countersign' })).toHaveCount(0);
  await admin.keyboard.press('Escape');
  await expect((await cardIn(admin, 'Set Up', name)).getByTestId('lead-proposal')).toHaveText('Countersigned');
  await expect.poll(async () => (await projects()).docs.map((d) => d.get('status'))).toEqual(['Set up']);

  // The emails: the signed PDF to the client and the studio, the countersigned one to the client, each attached.
  const signed = await mailsOf(leadId, 'Signed');
  expect(signed.map((d) => d.get('to')).sort()).toEqual(['owner@example.com', 'quoted.lead@example.com']);
  const countersigned = await mailsOf(leadId, 'Countersigned');
  expect(countersigned.map((d) => d.get('to'))).toEqual(['quoted.lead@example.com']);
  for (const mail of [...signed, ...countersigned]) {
    expect(mail.get('attachments')).toEqual([{ kind: 'proposal', id: proposalId }]);
    await expect
      .poll(async () => (await db.collection('email_log').doc(mail.id).get()).get('attachments') ?? null)
      .toEqual([expect.objectContaining({ contentType: 'application/pdf', bytes: expect.any(Number) })]);
  }
  const countersignedLog = (await db.collection('email_log').doc(countersigned[0]!.id).get()).get('attachments');
  expect(countersignedLog[0].filename).toBe(`proposal-${proposalId}-countersigned.pdf`);
  // The deposit's receipt went out too.
  await expect
    .poll(async () =>
      (await db.collection('outbox').where('leadId', '==', leadId).get()).docs.some((d) =>
        ((d.get('attachments') as Array<{ kind: string }> | undefined) ?? []).some((a) => a.kind === 'receipt'),
      ),
    )
    .toBe(true);

  // The client's copy (through the quote link) is the countersigned PDF; /verify says so, keyboard only, on a phone.
  const bytes = await (await request.get(pdfPath)).body();
  const record = (await db.collection('proposals').doc(proposalId).get()).data()!;
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.countersignedPdfSha256);
  expect(createHash('sha256').update(signedBytes).digest('hex')).toBe(record.signedPdfSha256);

  // Both render. The page with the signature block names the signer and, once countersigned, the owner too; its
  // picture has ink and differs from the signed PDF's by the countersignature.
  const signaturePage = (pdf: Buffer) => {
    const pages = pdfPageTexts(pdf);
    const at = pages.findIndex((t) => t.includes('Signed by:'));
    expect(at, 'the signature block').toBeGreaterThanOrEqual(0);
    return { page: at + 1, text: pages[at]! };
  };
  const before = signaturePage(signedBytes);
  const after = signaturePage(bytes);
  expect(before.text).toContain('Noor Countersign');
  expect(before.text).not.toContain('Countersigned:');
  expect(after.text).toContain('Noor Countersign');
  expect(after.text).toMatch(/Countersigned: Studio Owner \(admin\), \d{4}-\d{2}-\d{2}T/);
  const signedPng = pdfPagePng(signedBytes, 'proposal-signed-page', before.page);
  const countersignedPng = pdfPagePng(bytes, 'proposal-countersigned-page', after.page);
  expect(pngSize(countersignedPng).width).toBeGreaterThan(500);
  expect(pdfInk(bytes, 'proposal-countersigned', after.page)).toBeGreaterThan(0.001);
  expect(countersignedPng.equals(signedPng)).toBe(false);
  await page.goto(`/verify/${proposalId}`);
  await expect(page.getByRole('heading', { name: 'Verify a signed proposal' })).toBeVisible();
  await expect(page.getByLabel('Document ID')).toHaveValue(proposalId);
  await page
    .getByLabel('Signed PDF')
    .setInputFiles({ name: 'proposal.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByLabel('Document ID').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(`Verified: this PDF is the countersigned proposal ${proposalId}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A changed PDF does not verify.
  await page.getByLabel('Signed PDF').setInputFiles({
    name: 'changed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([bytes, Buffer.from('\n%changed')]),
  });
  await page.getByRole('button', { name: 'Verify' }).press('Enter');
  await expect(page.getByRole('alert')).toContainText('Not verified');
});
