/**
 * A long pipeline column: past VIRTUALIZE_AFTER (40) cards
 * a column becomes a virtual list. It keeps counting every lead, renders only
 * the rows in view, shows the oldest lead once scrolled to the end, and a card
 * dragged out of it (keyboard drag, through the drag clone) moves like any other.
 * A long plain lane (Contacted) sits beside it, as in a real pipeline. The
 * leads are written with the Admin SDK and deleted afterwards, so the other
 * specs see the usual board.
 */
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { quotedLeadDoc } from '../fixtures.js';
import { cardIn, column, loginAsAdmin } from './support/admin.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const RUN = `Virtual ${Date.now().toString(36)}`;
const COUNT = 60;
/** Plain cards added to Contacted: a lane this long makes the board's row far taller than a virtual list. */
const TALL = 25;
const ids: string[] = [];

test.beforeAll(async () => {
  const batch = db.batch();
  // Older than any lead the seed or another spec writes (those reach back weeks), so this run's
  // leads are the end of the newest-first column and Lead 01 is its very last row.
  const start = Date.UTC(2000, 0, 1);
  for (let i = 1; i <= COUNT; i++) {
    const ref = db.collection('leads').doc();
    ids.push(ref.id);
    // Lead 01 is the oldest: the last row of a newest-first column.
    const at = Timestamp.fromMillis(start + i * 1000);
    batch.set(
      ref,
      quotedLeadDoc({
        name: `${RUN} Lead ${String(i).padStart(2, '0')}`,
        email: 'virtual@example.com',
        status: 'Production',
        quoteAccepted: true,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  for (let i = 1; i <= TALL; i++) {
    const ref = db.collection('leads').doc();
    ids.push(ref.id);
    const at = Timestamp.fromMillis(start + i * 1000);
    batch.set(
      ref,
      quotedLeadDoc({
        name: `${RUN} Tall ${i}`,
        email: 'virtual@example.com',
        status: 'Contacted',
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  await batch.commit();
});

test.afterAll(async () => {
  const batch = db.batch();
  for (const id of ids) batch.delete(db.collection('leads').doc(id));
  for (const a of (await db.collection('lead_activity').where('leadId', 'in', ids.slice(0, 30)).get()).docs)
    batch.delete(a.ref);
  await batch.commit();
});

test('a column of 60+ leads is virtual: counted in full, rendered in part, scrollable to its end, and cards still move out of it', async ({
  page,
}) => {
  test.setTimeout(120_000); // the wait for the leads trigger below can be long on a busy emulator
  // Tall enough that the whole board fits: a keyboard move across columns is refused by the
  // library when the card's new place would be outside the viewport.
  await page.setViewportSize({ width: 1600, height: 1400 });
  await loginAsAdmin(page);

  const production = column(page, 'Production');
  const list = production.getByTestId('virtual-cards');
  // The board reads the lead_board projection, which the leads trigger fills a moment after the
  // batch above (in the emulator, one lead at a time): wait until it shows every Production lead.
  const total = (await db.collection('leads').where('status', '==', 'Production').count().get()).data().count;
  expect(total).toBeGreaterThanOrEqual(COUNT);
  await expect(production).toHaveAttribute('data-count', String(total), { timeout: 60_000 });
  await expect(list).toBeVisible();
  const contacted = (await db.collection('leads').where('status', '==', 'Contacted').count().get()).data().count;
  await expect(column(page, 'Contacted')).toHaveAttribute('data-count', String(contacted), { timeout: 60_000 });
  // The list keeps its own height (at most 720 px) beside a long plain lane, so its last row
  // stays near the board's top instead of at the bottom of a page-tall lane.
  expect((await list.boundingBox())!.height).toBeLessThanOrEqual(720);
  await expect(production.getByLabel(`${total} leads`)).toBeVisible();
  const rendered = await production.getByTestId('lead-card').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(total);

  // The oldest lead is the column's last row: not rendered at first, shown once the list is scrolled to its end.
  const oldest = production.getByTestId('lead-card').filter({ hasText: `${RUN} Lead 01` });
  await expect(oldest).toHaveCount(0);
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(oldest).toBeVisible();

  // Keyboard drag out of the virtual column: Production → Launch.
  await oldest.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(column(page, 'Launch').getByText(`${RUN} Lead 01`)).toBeVisible();
  await expect(page.getByText('Lead updated successfully')).toBeVisible();
  await expect(production).toHaveAttribute('data-count', String(total - 1), { timeout: 30_000 });
  await expect.poll(async () => (await db.collection('leads').doc(ids[0]!).get()).get('status')).toBe('Launch');

  // A card in the middle of the long column is found by scrolling from the top, as the specs' cardIn does.
  await expect(await cardIn(page, 'Production', `${RUN} Lead 30`)).toBeInViewport();

  // Searching keeps the column virtual (no remount of its cards on the keystroke), as tall as the few
  // cards it shows; clearing the search gives the whole column back.
  const search = page.getByRole('searchbox', { name: 'Search leads' });
  // A lead number that is not also part of the run's tag (the search matches parts of words).
  const n = ['37', '48', '52', '26'].find((x) => !RUN.includes(x))!;
  await search.fill(`${RUN} Lead ${n}`);
  await expect(page.getByTestId('search-count')).toHaveAttribute('data-applied-search', `${RUN} Lead ${n}`);
  await expect(production.getByTestId('lead-card')).toHaveCount(1);
  await expect(list).toBeVisible();
  await expect(production.getByText(`${RUN} Lead ${n}`)).toBeVisible();
  // One card's row (at most 144 px and its gap), not the long column's 720 px box.
  const fitted = (await list.boundingBox())!.height;
  expect(fitted).toBeGreaterThan(0);
  expect(fitted).toBeLessThanOrEqual(200);
  await search.fill(`${RUN} nobody`);
  await expect(production).toHaveAttribute('data-count', '0');
  await expect(production.getByText('No leads')).toBeVisible();
  await search.press('Escape');
  await expect(production).toHaveAttribute('data-count', String(total - 1));
  await expect(list).toBeVisible();
});
