/**
 * The client's project view (spec §2 "Access Your Project dialog" and
 * "My-project", §4 "Client timeline" and "Invoice view (client)", §5, §8):
 * lookups found / not found / invalid, the timeline at every stage, Pay Now
 * and Payment Completed; plus the public pages' accessibility (axe: no serious
 * or critical violations), the landing's hash scroll and the Contact badge.
 *
 * Leads and projects of the timeline tests are written with the Admin SDK
 * (firebase-admin, like quotes.spec.ts). Each test sends its own
 * rate-limit bucket (test-client header), so the lookup's per-IP limit (10 a minute) is never
 * reached by the suite as a whole.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.js';
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { projectDoc, quotedLeadDoc } from '../fixtures.js';
import { payNextInTestMode } from '../testModePayments.js';
import { DAY_MS } from '@studio/domain';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const NOT_FOUND_TEXT = 'No project found for this email address. Please check your email or contact support.';

const RUN = Math.floor(Math.random() * 250) + 1; // runs against a still-running emulator do not share counters
let ipCounter = 0;
test.beforeEach(async ({ page }) => {
  ipCounter += 1;
  await page.setExtraHTTPHeaders({ 'x-studio-test-client': `10.${RUN}.200.${(ipCounter % 250) + 1}` });
});

/** Writes a lead (and a project unless `project` is null) the way the CRM stores them; returns the lead's email and id. */
async function seedClient(tag: string, lead: Record<string, unknown>, project: Record<string, unknown> | null) {
  const email = `e2e.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const now = Date.now();
  const leadRef = db.collection('leads').doc();
  await leadRef.set(
    quotedLeadDoc({
      email,
      subject: `Site for ${tag}`,
      status: 'Production',
      quoteAmountCents: 450000,
      depositAmountCents: 225000,
      finalAmountCents: 225000,
      phase1: 'Discovery and content',
      phase2: 'Design',
      phase3: 'Build',
      phase4: 'Launch and training',
      techStack: 'React, TypeScript',
      database: 'Firestore',
      integrations: 'Stripe',
      notes: 'Internal note',
      createdAt: Timestamp.fromMillis(now - 30 * DAY_MS),
      updatedAt: Timestamp.fromMillis(now - DAY_MS),
      ...lead,
    }),
  );
  if (project) {
    await db
      .collection('projects')
      .doc()
      .set(
        projectDoc({
          leadId: leadRef.id,
          name: `Project ${tag}`,
          client: 'Ava Client',
          createdAt: Timestamp.fromMillis(now - 20 * DAY_MS),
          updatedAt: Timestamp.fromMillis(now - DAY_MS),
          ...project,
        }),
      );
  }
  return { email, leadId: leadRef.id };
}

/** Waits until lead `leadId`'s payment requests of `purposes` are issued and paid (the books, not the stage). */
async function paidRequests(leadId: string, purposes: Array<'deposit' | 'final'>) {
  for (const purpose of purposes)
    await expect
      .poll(async () => (await db.collection('payment_requests').doc(`${leadId}_${purpose}`).get()).get('status'), {
        message: `the ${purpose} request paid`,
      })
      .toBe('paid');
}

/** Looks `email` up through the my-project page's own form. */
async function lookUpOnPage(page: Page, email: string) {
  await page.goto('/my-project');
  const form = page.getByRole('form', { name: 'Access your project' });
  await expect(page.getByRole('heading', { level: 1, name: 'Access Your Project' })).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Open' }).click();
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Project status timeline' });

/** Checks the timeline's stages, in order, and their past / current / future marks. */
async function expectTimeline(page: Page, stages: Array<[string, 'past' | 'current' | 'future']>) {
  const items = timeline(page).getByRole('listitem');
  await expect(items).toHaveCount(stages.length);
  for (const [i, [label, state]] of stages.entries()) {
    await expect(items.nth(i)).toHaveAttribute('data-stage', label);
    await expect(items.nth(i)).toHaveAttribute('data-state', state);
    if (state === 'current') await expect(items.nth(i)).toHaveAttribute('aria-current', 'step');
    else await expect(items.nth(i)).not.toHaveAttribute('aria-current', /.*/);
  }
}

/** Serious and critical axe violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('lookup', () => {
  test('My Project opens the dialog; a seeded email (Production) opens the project view', async ({ page }) => {
    await page.goto('/');
    // Hold the reply a moment to see the busy state (the request itself is not mocked).
    await page.route('**/api/client-project?*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.fallback();
    });
    await page.getByRole('button', { name: 'My Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Your Project' });
    await dialog.getByLabel('Email').fill('hannah@weissdental.example');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    await expect(page).toHaveURL(/\/my-project$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Weiss Dental website' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectTimeline(page, [
      ['Set up', 'past'],
      ['Production', 'current'],
      ['Beta', 'future'],
      ['Launch', 'future'],
      ['Maintenance', 'future'],
    ]);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('studio.clientProject') ?? 'null'));
    expect(stored).toMatchObject({
      success: true,
      lead: { name: 'Hannah Weiss', status: 'Production', quoteAmount: '4500.00' },
      project: { name: 'Weiss Dental website', status: 'Production' },
    });
    expect(JSON.stringify(stored)).not.toMatch(/notes|Design approved|weissdental/);

    // The page survives a reload (sessionStorage) and shows quote and invoice.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Weiss Dental website' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quote Details' })).toContainText('$4,500.00');
    await expect(
      page.getByRole('region', { name: 'Invoice', exact: true }).getByRole('button', { name: 'Pay Now' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/#contact');
  });

  test('a seeded project launched two days before the seed (Elena Petrova) opens with its stage', async ({ page }) => {
    await lookUpOnPage(page, 'elena@petrovastudio.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Petrova Studio site' })).toBeVisible();
    const current = timeline(page).locator('[aria-current="step"]');
    await expect(current).toHaveCount(1);
    // Seeded in Launch; tests/api/projectSchedule.test.ts runs the scheduler with a 2031 clock
    // over every project, which ends this countdown (→ Complete) before the browser tests run.
    const stage = await current.getAttribute('data-stage');
    expect(['Launch', 'Complete']).toContain(stage);
    if (stage === 'Launch')
      await expect(page.getByTestId('launch-countdown')).toHaveText(/Launch countdown: \d+d \d{1,2}h left/);
    else await expect(page.getByTestId('launch-countdown')).toHaveCount(0);
    for (const s of ['Set up', 'Production', 'Beta'])
      await expect(timeline(page).locator(`[data-stage="${s}"]`)).toHaveAttribute('data-state', 'past');
  });

  test('an unknown email: toast "Project Not Found" and Try Again, in the dialog and on the page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'My Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Your Project' });
    await dialog.getByLabel('Email').fill(`nobody.${randomUUID().slice(0, 8)}@example.com`);
    await dialog.getByRole('button', { name: 'Open' }).click();
    // The toast shows over the dialog (the open dialog hides the rest of the page from the
    // accessibility tree, so the dialog repeats the message in its own alert).
    const toast = page.locator('.MuiSnackbar-root');
    await expect(toast).toContainText('Project Not Found');
    await expect(toast).toContainText(NOT_FOUND_TEXT);
    await expect(dialog.getByRole('alert')).toHaveText(NOT_FOUND_TEXT);
    const retry = page.waitForResponse((r) => r.url().includes('/api/client-project?'));
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    expect((await retry).status()).toBe(404);
    await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await lookUpOnPage(page, `nobody.${randomUUID().slice(0, 8)}@example.com`);
    await expect(page.getByRole('alert').filter({ hasText: 'Project Not Found' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Access your project' }).getByRole('button', { name: 'Try Again' }),
    ).toBeVisible();
  });

  test('an invalid email is refused before any request; an empty one on the page asks for it', async ({ page }) => {
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/client-project')) requests += 1;
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'My Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Your Project' });
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/my-project');
    const form = page.getByRole('form', { name: 'Access your project' });
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email Required' })).toContainText(
      'Please enter your email address to view your project.',
    );
    await form.getByLabel('Email').fill('still@not');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    expect(requests).toBe(0);
  });
});

test.describe('timeline at every stage', () => {
  const base = ['Set up', 'Production', 'Beta', 'Launch'];
  const cases: Array<{
    status: string;
    leadStatus: string;
    extra?: () => Record<string, unknown>;
    stages: Array<[string, 'past' | 'current' | 'future']>;
  }> = [
    {
      status: 'Set up',
      leadStatus: 'Set Up',
      stages: [
        ['Set up', 'current'],
        ['Production', 'future'],
        ['Beta', 'future'],
        ['Launch', 'future'],
        ['Maintenance', 'future'],
      ],
    },
    {
      status: 'Production',
      leadStatus: 'Production',
      stages: [
        ['Set up', 'past'],
        ['Production', 'current'],
        ['Beta', 'future'],
        ['Launch', 'future'],
        ['Maintenance', 'future'],
      ],
    },
    {
      status: 'Beta',
      leadStatus: 'Production',
      extra: () => ({ deploymentUrl: 'https://beta.e2e-client.example' }),
      stages: [
        ['Set up', 'past'],
        ['Production', 'past'],
        ['Beta', 'current'],
        ['Launch', 'future'],
        ['Maintenance', 'future'],
      ],
    },
    {
      status: 'Launch',
      leadStatus: 'Launch',
      extra: () => ({
        launchDate: Timestamp.fromMillis(Date.now() - DAY_MS),
        handoffType: 'files',
        deploymentUrl: 'https://beta.e2e-client.example',
      }),
      stages: [
        ['Set up', 'past'],
        ['Production', 'past'],
        ['Beta', 'past'],
        ['Launch', 'current'],
        ['Maintenance', 'future'],
      ],
    },
    {
      status: 'Maintenance',
      leadStatus: 'Complete',
      extra: () => ({ maintenanceSubscriptionPaid: true }),
      stages: [...base.map((s) => [s, 'past'] as [string, 'past']), ['Maintenance', 'current']],
    },
    {
      status: 'Canceled',
      leadStatus: 'Lost',
      stages: [...base.map((s) => [s, 'past'] as [string, 'past']), ['Canceled', 'current']],
    },
    // Ours: the current state as its own stage when it is none of the five (spec §4 "and the current state").
    {
      status: 'Deposit Paid',
      leadStatus: 'Set Up',
      stages: [
        ['Deposit Paid', 'current'],
        ['Set up', 'future'],
        ['Production', 'future'],
        ['Beta', 'future'],
        ['Launch', 'future'],
        ['Maintenance', 'future'],
      ],
    },
    {
      status: 'Won',
      leadStatus: 'Complete',
      stages: [...base.map((s) => [s, 'past'] as [string, 'past']), ['Complete', 'current']],
    },
  ];

  for (const c of cases) {
    test(`project in ${c.status}`, async ({ page }) => {
      const tag = c.status.toLowerCase().replace(/\s+/g, '-');
      const { email } = await seedClient(
        tag,
        { status: c.leadStatus, ...(c.leadStatus === 'Lost' ? { deadReason: 'Contact Canceled' } : {}) },
        { status: c.status, ...c.extra?.() },
      );
      await lookUpOnPage(page, email);
      await expect(page.getByRole('heading', { level: 1, name: `Project ${tag}` })).toBeVisible();
      await expectTimeline(page, c.stages);

      const betaLink = page.getByRole('link', { name: /beta\.e2e-client\.example/ });
      if (c.status === 'Beta') await expect(betaLink).toHaveAttribute('href', 'https://beta.e2e-client.example');
      else await expect(betaLink).toHaveCount(0);
      if (c.status === 'Launch')
        await expect(page.getByTestId('launch-countdown')).toHaveText(/Launch countdown: (5d 23h|6d 0h) left/);
      else await expect(page.getByTestId('launch-countdown')).toHaveCount(0);
      if (c.status === 'Canceled') await expect(timeline(page).locator('[data-stage="Maintenance"]')).toHaveCount(0);
    });
  }
});

test.describe('returning clients', () => {
  test('a client with a project who writes again through the contact form still sees the project, its timeline and its invoice', async ({
    page,
  }) => {
    const { email } = await seedClient(
      'returning',
      { status: 'Production', subject: 'Returning shop' },
      { status: 'Production' },
    );
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Ava Client');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').fill('One more thing');
    await form.getByLabel('Message').fill('Could we add a blog later?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent!')).toBeVisible();
    await expect.poll(async () => (await db.collection('leads').where('email', '==', email).get()).size).toBe(2);

    await lookUpOnPage(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Project returning' })).toBeVisible();
    await expectTimeline(page, [
      ['Set up', 'past'],
      ['Production', 'current'],
      ['Beta', 'future'],
      ['Launch', 'future'],
      ['Maintenance', 'future'],
    ]);
    const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(invoice).toContainText('$4,500.00');
    await expect(invoice.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  });

  test('an email with two live projects lists them; the client picks one and can go back', async ({ page }) => {
    const first = await seedClient('multi-a', { status: 'Production' }, { status: 'Production' });
    const second = db.collection('leads').doc();
    await second.set(
      quotedLeadDoc({
        email: first.email,
        subject: 'Second site',
        status: 'Launch',
        createdAt: Timestamp.fromMillis(Date.now() - 5 * DAY_MS),
      }),
    );
    await db
      .collection('projects')
      .doc()
      .set({
        leadId: second.id,
        name: 'Project multi-b',
        client: 'Ava Client',
        projectType: 'Web Project',
        status: 'Launch',
        launchDate: Timestamp.fromMillis(Date.now() - DAY_MS),
        handoffType: 'files',
        maintenanceSubscriptionPaid: false,
        createdAt: Timestamp.fromMillis(Date.now() - 4 * DAY_MS),
        updatedAt: Timestamp.fromMillis(Date.now() - DAY_MS),
      });

    await lookUpOnPage(page, first.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
    const choices = page.getByTestId('project-choice');
    await expect(choices).toHaveCount(2);
    await expect(choices.nth(0)).toContainText('Project multi-b'); // the more advanced first
    await expect(choices.nth(1)).toContainText('Project multi-a');
    await page.getByRole('button', { name: 'View Project multi-a' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Project multi-a' })).toBeVisible();
    await expect(timeline(page).locator('[data-stage="Production"]')).toHaveAttribute('data-state', 'current');
    await page.getByRole('button', { name: 'All your projects' }).click();
    await page.getByRole('button', { name: 'View Project multi-b' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Project multi-b' })).toBeVisible();
    await expect(page.getByTestId('launch-countdown')).toBeVisible();
  });
});

test.describe('invoice', () => {
  test('Pay Now goes to the checkout of the payment due now, described as its payment request is', async ({ page }) => {
    const { email, leadId } = await seedClient(
      'paynow',
      { status: 'Production', subject: 'Bakery shop' },
      { status: 'Production' },
    );
    await lookUpOnPage(page, email);
    const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(invoice).toContainText('$4,500.00');
    await expect(invoice.getByText('Payment Completed')).toHaveCount(0);
    // The deposit is what is due now.
    await expect(invoice).toContainText('Due now: $2,250.00');
    await invoice.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/checkout\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/checkout');
    // The deposit request's own words, as its email's link says them (one description per document).
    expect(Object.fromEntries(url.searchParams)).toEqual({
      amount: '2250.00',
      description: '50% deposit: Bakery shop',
      leadId,
    });
  });

  test('Payment Completed once every stage is paid (and no Pay Now); no Pay Now without a quote', async ({ page }) => {
    const { email, leadId } = await seedClient(
      'paid',
      { status: 'Launch' },
      { status: 'Maintenance', maintenanceSubscriptionPaid: true },
    );
    // Both stages paid as the client pays them; the books then hold both requests paid.
    await payNextInTestMode(leadId);
    await payNextInTestMode(leadId);
    await paidRequests(leadId, ['deposit', 'final']);
    await lookUpOnPage(page, email);
    const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(invoice.getByText('Payment Completed')).toBeVisible();
    await expect(invoice.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Use another email' }).click();
    const unquoted = await seedClient(
      'unquoted',
      { status: 'Contacted', quoteAmountCents: null, depositAmountCents: null, finalAmountCents: null },
      null,
    );
    const form = page.getByRole('form', { name: 'Access your project' });
    await form.getByLabel('Email').fill(unquoted.email);
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site for unquoted' })).toBeVisible();
    await expect(
      page.getByText('Your project has not started yet (current status: Contacted).', { exact: false }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Invoice', exact: true }).getByRole('button', { name: 'Pay Now' }),
    ).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Invoice', exact: true }).getByText('Payment Completed')).toHaveCount(
      0,
    );
  });

  test('a completed project whose final payment is open still offers Pay Now for it', async ({ page }) => {
    const { email, leadId } = await seedClient('final-open', { status: 'Complete' }, { status: 'Won' });
    await payNextInTestMode(leadId);
    await paidRequests(leadId, ['deposit']);
    await lookUpOnPage(page, email);
    const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(invoice).toContainText('Due now: $2,250.00');
    await expect(invoice.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect(invoice.getByText('Payment Completed')).toHaveCount(0);
    // The client reads the timeline's word for a project that ended without maintenance, never the CRM's "Won".
    await expect(page.getByText('Status: Complete').first()).toBeVisible();
    await expect(page.getByText('Status: Won')).toHaveCount(0);
  });

  test('works at 360 px wide without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { email } = await seedClient(
      'narrow',
      { status: 'Production', subject: 'A rather long project request title that wraps' },
      { status: 'Beta', deploymentUrl: 'https://a-very-long-beta-subdomain.e2e-client.example/path' },
    );
    await lookUpOnPage(page, email);
    await expect(timeline(page)).toBeVisible();
    await expect(page.getByRole('link', { name: /a-very-long-beta-subdomain/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('accessibility (axe): no serious or critical violations', () => {
  // Expected h1 where this issue owns the page; '' where another issue builds it.
  const pages: Array<[string, string]> = [
    ['/', 'Brands, products and websites that work as hard as you do.'],
    ['/cart', ''],
    ['/my-project', 'Access Your Project'],
    ['/quote-acceptance', 'Invalid Quote Link'],
    ['/checkout?amount=1', ''],
    ['/payment-success', ''],
    ['/nope', '404 Page Not Found'],
  ];
  for (const [path, heading] of pages) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.waitForLoadState('networkidle');
      if (path === '/') {
        await page.locator('#contact').scrollIntoViewIfNeeded(); // the form loads as its section nears the viewport
        await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
        await expect(page.locator('#contact-title')).toBeVisible();
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the open dialog and the filled my-project page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'My Project' }).click();
    await expect(page.getByRole('dialog', { name: 'Access Your Project' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const { email } = await seedClient(
      'axe',
      { status: 'Launch' },
      { status: 'Launch', launchDate: Timestamp.fromMillis(Date.now() - DAY_MS), handoffType: 'domain' },
    );
    await lookUpOnPage(page, email);
    await expect(timeline(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('landing', () => {
  test('/#skills scrolls to the skills section', async ({ page }) => {
    await page.goto('/#skills');
    await expect(page.locator('#skills')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.locator('#home')).not.toBeInViewport();
  });

  test('the Contact link shows the count of New leads from GET /api/leads/count', async ({ page, request }) => {
    const first = page.waitForResponse((r) => r.url().endsWith('/api/leads/count'));
    await page.goto('/');
    const { newLeadsCount } = (await (await first).json()) as { newLeadsCount: number };
    expect(newLeadsCount).toBeGreaterThan(0); // the seed has New leads
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: `Contact, ${newLeadsCount} new leads` })).toBeVisible();
    await expect(nav.locator('.MuiBadge-badge')).toHaveText(String(newLeadsCount));
    const direct = await request.get('/api/leads/count');
    expect(((await direct.json()) as { newLeadsCount: number }).newLeadsCount).toBe(newLeadsCount);
  });

  test('on a phone the menu lists the sections and Payments, goes to a section and closes (also by Escape)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button')).toHaveText([/^Home$/, /^Portfolio$/, /^About$/, /^Skills$/, /^Contact/]);
    await expect(menu.getByRole('button', { name: /^Contact(, \d+ new leads)?$/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Payments' })).toBeVisible();
    // The page behind the open drawer is hidden from assistive technology, the button included.
    await expect(page.locator('button[aria-controls="mobile-menu"]')).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await menu.getByRole('button', { name: 'Skills' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#skills')).toBeInViewport();
    await expect(page).toHaveURL(/#skills$/);

    await menuButton.click();
    await menu.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('if the menu cannot be loaded (offline), the page stays and a toast says so', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(/\/assets\/MobileMenu-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This could not be loaded. Check your connection and reload the page.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a page whose code cannot be fetched says so with a Reload button, under the usual top bar', async ({
    page,
  }) => {
    await page.route(/\/assets\/CartPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/cart');
    await expect(page.getByRole('alert')).toContainText(
      'This page could not be loaded. Check your connection and reload.',
    );
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Project' })).toBeVisible();
  });
});
