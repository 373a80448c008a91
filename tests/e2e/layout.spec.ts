/**
 * Layout: every signed-in page (the routes of web/src/app/admin/lazyPages.tsx
 * ADMIN_PAGES, read from the file so a new page is checked as it appears) at
 * 1440 px and 390 px, over the demo data plus a lead, its project and an
 * invoice carrying the longest texts the API accepts. A page fails when it is
 * wider than the viewport, when a visible element's box reaches outside an
 * ancestor that clips it (overflow hidden or clip: the part outside is cut
 * off), or when the page logs a console error.
 */
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { LIMITS } from '@studio/domain';
import { expect, test, type Page } from './support/test.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { cardIn, loginAsAdmin } from './support/admin.js';
import { adminToken } from './support/adminApi.js';
import { WIDTHS } from './support/axe.js';
import { ADMIN_ROUTES } from './support/adminRoutes.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));

/** The invoice form's longest description (domain createInvoiceSchema). */
const INVOICE_DESCRIPTION_MAX = 300;

/** Words up to `length` characters, with one long unbroken token (an address, a reference) among them. */
function longText(length: number, seed: string): string {
  const words = `${seed} ${'Reference-' + 'x'.repeat(48)} and a long description of the work to do`;
  let text = '';
  while (text.length < length) text += `${words} `;
  return text.slice(0, length).trim();
}

const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
const nextIp = () => `10.${RUN}.203.${(++ipCounter % 250) + 1}`;

/** A lead in Production with its project and an invoice, every text at its longest. @returns the lead's name. */
async function seedLongTexts(request: Parameters<typeof adminToken>[0]): Promise<string> {
  const suffix = randomUUID().slice(0, 6);
  const name = longText(LIMITS.name, `Layout ${suffix}`);
  const leadId = await storeLead(db, {
    name,
    email: `${'layout.check.'.padEnd(64, 'x')}@${'y'.repeat(40)}.example.com`,
    subject: longText(LIMITS.subject, 'Subject'),
    message: longText(LIMITS.message, 'Message'),
    status: 'Production',
  });
  await db
    .collection('projects')
    .doc()
    .set(
      projectDoc({
        leadId,
        name: longText(LIMITS.subject, `Project ${suffix}`),
        client: name,
        description: longText(2_000, 'Description'),
        status: 'Production',
      }),
    );
  const token = await adminToken(request, nextIp());
  const invoice = await request.post('/api/create-invoice', {
    headers: { authorization: `Bearer ${token}`, 'x-studio-test-client': nextIp() },
    data: { leadId, amount: '99999.99', description: longText(INVOICE_DESCRIPTION_MAX, 'Invoice') },
  });
  expect(invoice.status()).toBe(201);
  return name;
}

/**
 * What is out of place on the page as it is now, one line each: the page
 * wider than the viewport, and every visible element reaching more than a
 * pixel outside an ancestor that clips it. Ancestors are climbed up to the
 * first scroll region (what lies outside a scroll region is reached by
 * scrolling it). Text cut by an ellipsis is the truncation's own rule.
 */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      faults.push(`page is ${doc.scrollWidth - doc.clientWidth} px wider than the viewport`);
    const describe = (el: Element) => {
      const label =
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${label}"`;
    };
    const clips = (v: string) => v === 'hidden' || v === 'clip';
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // empty or visually hidden (read by screen readers only)
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Hidden on purpose: placed off the page (a measuring element at top: -9999px), or out of the accessibility
      // tree (a chart's layer for screen readers that is moved out of its clipped box).
      if (box.bottom + scrollY < 0 || box.right + scrollX < 0) continue;
      if (el.closest('[aria-hidden="true"]')) continue;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (scrolls(style.overflowX) || scrolls(style.overflowY)) break;
        if (style.textOverflow === 'ellipsis') break;
        const clipX = clips(style.overflowX);
        const clipY = clips(style.overflowY);
        if (!clipX && !clipY) continue;
        const outer = a.getBoundingClientRect();
        const over = Math.max(
          clipX ? Math.max(outer.left - box.left, box.right - outer.right) : 0,
          clipY ? Math.max(outer.top - box.top, box.bottom - outer.bottom) : 0,
        );
        if (over > 1) faults.push(`${describe(el)} reaches ${Math.round(over)} px outside ${describe(a)}`);
        break;
      }
    }
    return faults;
  });
}

const noLoading = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

test('the admin routes are read from ADMIN_PAGES', () => {
  expect(ADMIN_ROUTES).toContain('/admin/dashboard');
  expect(ADMIN_ROUTES).toContain('/admin/email-templates');
  expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(9);
});

for (const size of WIDTHS) {
  test(`every admin page fits at ${size.label}, long texts included`, async ({ page, request }) => {
    test.setTimeout(60_000 + ADMIN_ROUTES.length * 30_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    await page.setViewportSize({ width: size.width, height: size.height });
    const name = await seedLongTexts(request);
    await loginAsAdmin(page);

    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noLoading(page);
      // The pages that show the long lead wait for it.
      if (path === '/admin/dashboard') await cardIn(page, 'Production', name);
      if (path === '/admin/clients') await expect(page.getByText(name).first()).toBeVisible();
      if (path === '/admin/invoicing') {
        const card = page.getByRole('article', { name: `Invoicing ${name}` });
        await expect(card.getByTestId('invoice-row').filter({ hasText: 'Invoice' })).not.toHaveCount(0);
      }
      if (path === '/admin/projects') await expect(page.getByTestId('project-card').first()).toBeVisible();
      expect.soft(await layoutFaults(page), `layout at ${size.label}: ${path}`).toEqual([]);
    }
    expect(errors, 'console errors').toEqual([]);
  });
}
