/**
 * Accessibility (axe-core, WCAG 2.0/2.1 A and AA): every route of the spec's
 * §2 table, public and signed in, at 1440 px and 390 px, then the main dialogs
 * open (public: My Project, before/after, the phone menu; CRM: add lead, lead
 * details, notes, mark dead, dead leads, project plan, quote review, edit
 * quote, promo codes, needs attention, the card menu, new project, project
 * details, project list, create invoice, complete payment, Replit quote, the
 * email template tabs and preview). Zero violations of any impact.
 *
 * Each test writes its own leads and project (Admin SDK, unique names) and
 * finds them as a user would: new cards come first in their column.
 */
import { expect, test, type Page } from './support/test.js';
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { projectDoc, storeLead, NO_QUOTE } from '../fixtures.js';
import { column, loginAsAdmin } from './support/admin.js';
import { quotedLead } from './support/adminApi.js';
import { WIDTHS, wcagViolations } from './support/axe.js';
import { ADMIN_HEADINGS, ADMIN_ROUTES } from './support/adminRoutes.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.202.${(++ipCounter % 250) + 1}`;
test.beforeEach(async ({ page }) => {
  // Own rate-limit buckets (the tests' client header): the public API's limits are never shared with other specs.
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': nextIp() });
});

/** Checks the page (or the part matching `include`) as it is now; a violation fails the test, which goes on to the next check. */
async function scan(page: Page, where: string, include?: string) {
  expect.soft(await wcagViolations(page, include), `WCAG A/AA violations: ${where}`).toEqual([]);
}

const noLoading = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

/** Public routes of §2 and what shows once each is ready. */
const PUBLIC: Array<[string, (page: Page) => Promise<void>]> = [
  [
    '/',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('#contact').scrollIntoViewIfNeeded(); // the form loads as its section nears the viewport
      await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
    },
  ],
  ['/cart', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/my-project', (page) => expect(page.getByRole('heading', { level: 1, name: 'Access Your Project' })).toBeVisible()],
  ['/portal', (page) => expect(page.getByRole('heading', { level: 1, name: 'Client portal' })).toBeVisible()],
  ['/quote-acceptance?leadId=nope&token=nope', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  [
    '/checkout?amount=25.00&description=Accessibility%20check',
    (page) => expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible(),
  ],
  ['/payment-success', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/admin', (page) => expect(page.getByRole('button', { name: 'Login' })).toBeVisible()],
  ['/admin/login', (page) => expect(page.getByRole('button', { name: 'Login' })).toBeVisible()],
  [
    '/no-such-page',
    (page) => expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible(),
  ],
];

/** Signed-in routes of §2 (ADMIN_PAGES, support/adminRoutes.ts) and their level-1 headings. */
const ADMIN: Array<[string, string | RegExp]> = ADMIN_ROUTES.map((path) => [path, ADMIN_HEADINGS[path] ?? path]);

/** Leads and a project owned by one test: one awaiting quote review, one needing a plan, one ready for invoicing with its project in Set up (found by `invoiceEmail`). */
async function seedCrm(tag: string) {
  const suffix = randomUUID().slice(0, 6);
  const names = {
    review: `Axe Review ${tag} ${suffix}`,
    plan: `Axe Plan ${tag} ${suffix}`,
    invoice: `Axe Invoice ${tag} ${suffix}`,
    project: `Axe Project ${tag} ${suffix}`,
  };
  const email = (k: string) => `e2e.axe.${k}.${suffix}@example.com`;
  await storeLead(db, {
    name: names.review,
    email: email('review'),
    subject: 'Accessible booking site',
    status: 'Contacted',
    quoteReviewStatus: 'Pending',
    quoteAccepted: false,
    forceDeposit: false,
    notes: 'First call went well',
  });
  await storeLead(db, {
    name: names.plan,
    email: email('plan'),
    subject: 'Shop redesign',
    status: 'Contacted',
    ...NO_QUOTE,
  });
  const leadId = await storeLead(db, { name: names.invoice, email: email('invoice'), subject: 'Clinic website' });
  await db
    .collection('projects')
    .doc()
    .set(projectDoc({ leadId, name: names.project, client: names.invoice, description: 'Accessible clinic website' }));
  return { ...names, invoiceEmail: email('invoice') };
}

/**
 * Waits for the dialog named `name`, checks it (the page behind is checked
 * on its own route), and closes it with Escape.
 */
async function scanDialog(page: Page, where: string, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await noLoading(page);
  await scan(page, where, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const size of WIDTHS) {
  test.describe(`at ${size.label}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('every public route has no WCAG A/AA violation', async ({ page, request }) => {
      test.setTimeout((PUBLIC.length + 2) * 45_000);
      for (const [path, ready] of PUBLIC) {
        await page.goto(path);
        await ready(page);
        await noLoading(page);
        await scan(page, path);
      }

      // A valid quote link, as the client opens it.
      const { acceptancePath } = await quotedLead(request, `Axe Acceptance ${randomUUID().slice(0, 8)}`, nextIp, true);
      await page.goto(acceptancePath!);
      await expect(page.getByRole('button', { name: 'Accept Quote' })).toBeVisible();
      await noLoading(page);
      await scan(page, '/quote-acceptance (valid link)');

      // The client's project view, found by email.
      const { invoiceEmail: email } = await seedCrm('client');
      await page.goto('/my-project');
      await page.getByRole('form', { name: 'Access your project' }).getByLabel('Email').fill(email);
      await page.getByRole('form', { name: 'Access your project' }).getByRole('button', { name: 'Open' }).click();
      await expect(page.getByRole('list', { name: 'Project status timeline' })).toBeVisible();
      await scan(page, '/my-project (a project found)');
    });

    test('every signed-in route has no WCAG A/AA violation', async ({ page }) => {
      test.setTimeout(60_000 + ADMIN.length * 45_000);
      await loginAsAdmin(page);
      await seedCrm('routes');
      for (const [path, heading] of ADMIN) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await noLoading(page);
        if (path === '/admin/dashboard') await expect(page.getByTestId('lead-card').first()).toBeVisible();
        if (path === '/admin/projects') await expect(page.getByTestId('project-card').first()).toBeVisible();
        if (path === '/admin/invoicing') await expect(page.getByTestId('invoicing-card').first()).toBeVisible();
        if (path === '/admin/money') await expect(page.getByTestId('ledger-row').first()).toBeVisible();
        await scan(page, path);
      }
    });

    test('public dialogs and menus have no WCAG A/AA violation', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (size.width < 600) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await scan(page, 'mobile menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
      }
      await page.getByRole('button', { name: 'My Project' }).first().click();
      await scanDialog(page, 'Access Your Project', 'Access Your Project');

      await page.getByRole('button', { name: 'View Before/After' }).first().click();
      await scanDialog(page, 'before/after', /Before|After/);
    });

    test('CRM dialogs have no WCAG A/AA violation', async ({ page }) => {
      test.setTimeout(420_000);
      await loginAsAdmin(page);
      const names = await seedCrm('dialogs');
      const card = (status: string, name: string) =>
        column(page, status).getByTestId('lead-card').filter({ hasText: name });
      await expect(card('Contacted', names.review)).toBeVisible();

      await page.getByRole('button', { name: 'Add Lead' }).click();
      await scanDialog(page, 'Add New Lead', 'Add New Lead');

      await card('Contacted', names.review).click();
      await scanDialog(page, 'lead details', names.review);

      await page.getByRole('button', { name: `Actions for ${names.review}` }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await scan(page, 'card menu', '[role="menu"]');
      await page.getByRole('menuitem', { name: 'Notes' }).click();
      await scanDialog(page, 'Notes', `Notes · ${names.review}`);

      await page.getByRole('button', { name: `Actions for ${names.plan}` }).click();
      await page.getByRole('menuitem', { name: 'Move to Dead…' }).click();
      await scanDialog(page, 'Mark Lead as Dead', 'Mark Lead as Dead');

      await page.getByRole('button', { name: 'View Dead Leads' }).click();
      await scanDialog(page, 'Dead Leads', /Dead Leads/);

      await card('Contacted', names.plan).getByRole('button', { name: 'Add Project Plan' }).click();
      await scanDialog(page, 'Add Project Plan', `Add Project Plan · ${names.plan}`);

      await page.getByRole('button', { name: /^Quote Review/ }).click();
      const review = page.getByRole('dialog', { name: 'Quote Review' });
      await expect(review.getByRole('article', { name: `Quote for ${names.review}` })).toBeVisible();
      await noLoading(page);
      await scan(page, 'Quote Review', '[role="dialog"]');
      await review
        .getByRole('article', { name: `Quote for ${names.review}` })
        .getByRole('button', { name: 'Edit' })
        .click();
      await scanDialog(page, 'Edit Quote', /Edit Quote/);
      await expect(review).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(review).toBeHidden();

      await page.getByRole('button', { name: /^Promo Codes/ }).click();
      const promos = page.getByRole('dialog', { name: 'Promo Code Management' });
      await expect(promos).toBeVisible();
      await scan(page, 'Promo Code Management', '[role="dialog"]');
      await promos.getByRole('button', { name: 'Create New Promo Code' }).click();
      await scanDialog(page, 'Create New Promo Code', 'Create New Promo Code');
      await expect(promos).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(promos).toBeHidden();

      await page.getByRole('button', { name: 'Change needs-attention days' }).click();
      await scanDialog(page, 'Needs attention', 'Needs attention');

      await page.goto('/admin/projects');
      await page.getByRole('button', { name: 'New Project' }).click();
      await scanDialog(page, 'New Project', 'New Project');
      await page.getByTestId('project-card').filter({ hasText: names.project }).click();
      await scanDialog(page, 'project details', names.project);
      await page.getByRole('button', { name: 'View List: Maintenance' }).click();
      await scanDialog(page, 'View List', 'Maintenance projects');

      await page.goto('/admin/invoicing');
      const invoicing = page.getByTestId('invoicing-card').filter({ hasText: names.invoice });
      await invoicing.getByRole('button', { name: `Invoice ${names.invoice}` }).click();
      await scanDialog(page, 'Create Invoice', 'Create Invoice');
      await invoicing.getByRole('button', { name: `Pay Now for ${names.invoice}` }).click();
      await scanDialog(page, 'Complete Payment', 'Complete Payment');

      await page.goto('/admin/replit');
      await page.getByLabel('Replit username').fill('axe-demo');
      await page.getByRole('button', { name: 'Load Demo Projects' }).click();
      await page.getByTestId('hosted-project-card').first().getByRole('button', { name: 'Generate Quote' }).click();
      await scanDialog(page, 'Generate Quote from Replit Project', 'Generate Quote from Replit Project');

      await page.goto('/admin/email-templates');
      await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
      await page.getByRole('tab', { name: 'Variables' }).click();
      await scan(page, 'template variables');
      await page.getByRole('tab', { name: 'Test' }).click();
      await scan(page, 'template test');
      await page.getByRole('tab', { name: 'Content' }).click();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByTitle('Template preview')).toBeVisible();
      await scan(page, 'template preview');
    });
  });
}
