/** Email templates and test center: edit, flag, insert, preview, save, copy, test-send and reset a template; send from the test center. */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';

const DEFAULT_STATUS_SUBJECT = 'Update on ${projectName}: ${status}';

async function openTemplates(page: Page) {
  await loginAsAdmin(page);
  // Below 600 px the admin links are behind the Menu button.
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Email Templates' }).click();
  await expect(page).toHaveURL(/\/admin\/email-templates$/);
  await expect(page.getByRole('heading', { name: 'Email Templates', level: 1 })).toBeVisible();
}

test('a template is edited, previewed, saved, test-sent and reset', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openTemplates(page);

  // contact-confirmation is selected first.
  await expect(page.getByRole('heading', { name: 'Contact confirmation', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Templates' }).getByText('Status update', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Status update', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(DEFAULT_STATUS_SUBJECT);

  // Unknown placeholders are flagged before saving, and Save waits for a fix.
  const html = page.getByLabel('HTML');
  await page.getByLabel('Subject').fill('E2E update: ${status}');
  await html.fill('<p>Hello ${name}, see ${bogus}</p>');
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown placeholders: ${bogus}' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // Variables go in at the cursor (here: the end of the html).
  await html.fill('<p>Hello ${name}</p><script>document.title="owned"</script><p>Now: ');
  await page.getByRole('button', { name: 'Insert ${status}', exact: true }).click();
  await expect(html).toHaveValue('<p>Hello ${name}</p><script>document.title="owned"</script><p>Now: ${status}');
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown placeholders' })).toHaveCount(0);

  // Preview: the draft rendered with lead data in a sandboxed iframe.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const frame = page.locator('iframe[title="Template preview"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Template preview"]').getByText(/^Hello /)).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toContainText('E2E update: ');
  expect(await page.title()).not.toBe('owned');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Template Updated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  // Stored sanitized: the script is gone, the placeholders stay.
  await expect(html).not.toHaveValue(/<script/);
  await expect(html).toHaveValue(/\$\{status\}/);
  await expect(page.getByRole('navigation', { name: 'Templates' }).getByText('Customized')).toBeVisible();

  // Variables tab: Copy.
  await page.getByRole('tab', { name: 'Variables' }).click();
  await page.getByRole('button', { name: 'Copy ${projectName}' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('${projectName}');

  // Test tab: needs an address, then queues the saved template.
  await page.getByRole('tab', { name: 'Test' }).click();
  await page.getByRole('button', { name: 'Send Test', exact: true }).click();
  await expect(page.getByText('Test email address is required')).toBeVisible();
  await page.getByLabel('Test email address').fill('e2e.template@example.com');
  await page.getByRole('button', { name: 'Send Test', exact: true }).click();
  await expect(page.getByText('Test Email Sent', { exact: true })).toBeVisible();

  // Reset asks first, naming what is lost; Back keeps the template.
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  let confirm = page.getByRole('dialog', { name: 'Reset Status update?' });
  await expect(confirm).toContainText('Your saved subject and body are replaced by the default');
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel('Subject')).toHaveValue('E2E update: ${status}');

  // Confirmed, it brings the default back; the toast's Undo puts the saved version back.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  confirm = page.getByRole('dialog', { name: 'Reset Status update?' });
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Template Reset' });
  await expect(toast).toContainText('Status update is back to its default.');
  await expect(page.getByLabel('Subject')).toHaveValue(DEFAULT_STATUS_SUBJECT);
  await expect(page.getByRole('navigation', { name: 'Templates' }).getByText('Customized')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Status update is back as it was before the reset.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('E2E update: ${status}');
  await expect(page.getByRole('navigation', { name: 'Templates' }).getByText('Customized')).toBeVisible();

  // Reset again, for the other tests' default.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Reset Status update?' })
    .getByRole('button', { name: 'Reset', exact: true })
    .click();
  await expect(page.getByLabel('Subject')).toHaveValue(DEFAULT_STATUS_SUBJECT);
});

test('the test center prefills from a template, checks fields, sends and shows the delivery status', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Email Testing' }).click();
  await expect(page.getByRole('heading', { name: 'Email Testing', level: 1 })).toBeVisible();
  await expect(page.getByText('No test email sent yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Send Test Email', exact: true }).click();
  await expect(page.getByText('Missing Required Fields', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in recipient email, subject, and message content.')).toBeVisible();

  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await expect(page.getByLabel('Subject')).toHaveValue(/^Your quote for /);
  await expect(page.getByLabel('HTML')).toHaveValue(/Review and accept your quote/);
  await expect(page.locator('iframe[title="Test email preview"]')).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="Test email preview"]').getByText('Review and accept your quote'),
  ).toBeVisible();

  await page.getByLabel('To', { exact: true }).fill('e2e.center@example.com');
  await page.getByRole('button', { name: 'Send Test Email', exact: true }).click();
  await expect(page.getByText('Test Email Sent', { exact: true })).toBeVisible();
  // The emulator's sender has no SendGrid key: the email lands in the local log and the panel says so.
  await expect(page.getByTestId('outbox-status')).toHaveText('SUCCESS', { timeout: 30_000 });
  await expect(page.getByText('saved to the local email log')).toBeVisible();
});

test('the email pages fit a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openTemplates(page);
  await expect(page.getByRole('combobox', { name: 'Template' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('iframe[title="Template preview"]')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  await page.goto('/admin/email-test');
  await expect(page.getByRole('heading', { name: 'Email Testing', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Status', exact: true }).click();
  await expect(page.locator('iframe[title="Test email preview"]')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test('a failed email is listed on Email Testing and resent with "Resend"', async ({ page }) => {
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { getFirestore, FieldValue } = await import('firebase-admin/firestore');
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
  const to = `failed.${Date.now().toString(36)}@example.com`;
  const failed = db.collection('outbox').doc();
  // Created already failed, so the creation trigger leaves it alone.
  await failed.create({
    to,
    templateId: 'contact-confirmation',
    variables: { name: 'Ada' },
    leadId: null,
    status: 'ERROR',
    attempts: 11,
    lastError: 'SendGrid 503: down for a day',
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });

  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Email Testing' }).click();
  const row = page.getByRole('list', { name: 'Failed emails' }).getByTestId('outbox-row').filter({ hasText: to });
  await expect(row).toContainText('SendGrid 503: down for a day');
  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByText('Email queued again')).toBeVisible();
  await expect(row).toContainText('RESENT');
  await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  await expect
    .poll(async () =>
      (
        await db
          .collection('outbox')
          .doc(String((await failed.get()).get('resentAs')))
          .get()
      ).get('status'),
    )
    .toBe('SUCCESS');
});

test('an address SendGrid reported bounced is listed under Suppressed addresses with the reason, at 390 px', async ({
  page,
}) => {
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { getFirestore, FieldValue } = await import('firebase-admin/firestore');
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
  const to = `bounced.${Date.now().toString(36)}@example.com`;
  const reason = 'Not delivered: the address bounced: 550 5.1.1 User unknown';
  // As the Event Webhook leaves a sent entry it was told bounced (created so, the trigger leaves it alone).
  await db
    .collection('outbox')
    .doc()
    .create({
      to,
      templateId: 'contact-confirmation',
      variables: { name: 'Ada' },
      leadId: null,
      status: 'ERROR',
      attempts: 1,
      lastError: reason,
      deliveryEvent: 'bounce',
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto('/admin/email-test');
  const list = page.getByRole('list', { name: 'Suppressed addresses' });
  const row = list.getByTestId('outbox-row').filter({ hasText: to });
  await expect(row).toContainText(reason);
  // Resending to a suppressed address would only be skipped: no Resend there.
  await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  const box = (await row.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
