import { expect, type Locator, type Page } from '@playwright/test';
import { DEV_ADMIN } from '../../../scripts/dev-admin.js';

/** Signs in through the login page as the seeded dev admin and waits for the dashboard. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await submitLogin(page);
}

/** Signs in as the dev admin on the login page already shown, and waits for the dashboard. */
export async function submitLogin(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(DEV_ADMIN.username);
  await page.getByLabel('Password').fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEV_ADMIN.username}` })).toBeVisible();
}

/** A board column by status. */
export const column = (page: Page, status: string) => page.getByTestId(`column-${status}`);

/** Waits until the next two animation frames, so a virtual list has drawn the rows of its new scroll position. */
const nextFrames = (list: Locator) =>
  list.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * A lead's card in a board column, found as a user would: a long column is a
 * virtual list that renders only the cards in view (how many cards a column
 * holds depends on every other spec's leads), so this scrolls it from the top
 * until the card is drawn, then scrolls the card into view. A short column is
 * a plain list and its card is simply awaited. Waits (expect's timeout) for a
 * card that the live board has not shown yet.
 */
export async function cardIn(page: Page, status: string, name: string): Promise<Locator> {
  const lane = column(page, status);
  const card = lane.getByTestId('lead-card').filter({ hasText: name });
  await expect(async () => {
    const list = lane.getByTestId('virtual-cards');
    if ((await list.count()) > 0) {
      await list.evaluate((el) => el.scrollTo({ top: 0 }));
      await nextFrames(list);
      while ((await card.count()) === 0) {
        const moved = await list.evaluate((el) => {
          const before = el.scrollTop;
          el.scrollBy({ top: el.clientHeight * 0.8 });
          return el.scrollTop !== before;
        });
        if (!moved) break;
        await nextFrames(list);
      }
    }
    await expect(card).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  return card;
}

/** Adds a lead through the Add Lead dialog and waits for it in New. */
export async function addLead(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
  await expect(dialog.getByLabel('Project type')).toHaveText('Web Project');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('pipeline@example.com');
  await dialog.getByLabel('Subject').fill('Pipeline test');
  await dialog.getByLabel('Message').fill('Testing the board.');
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
  await cardIn(page, 'New', name);
}

/** Moves a lead through its card's actions menu. */
export async function menuMove(page: Page, name: string, target: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: `Move to ${target}` }).click();
}

/** Shows `card` on a paged card list (60 at a time, newest first): other specs' leads may come before it. */
export async function revealCard(page: Page, card: Locator): Promise<void> {
  const more = page.getByRole('button', { name: /^Show \d+ more / });
  await expect(card.or(more).first()).toBeVisible();
  while ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
  await expect(card).toBeVisible();
}
