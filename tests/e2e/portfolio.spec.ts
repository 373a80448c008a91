/**
 * Landing-page portfolio (spec §2 "Portfolio", §9): four category carousels
 * with buttons, dots, an "n of m" counter, keyboard and swipe, a 150 ms lock
 * during transitions, the before/after dialog with its clamped slider, and the
 * 48-shape background. Needs only the built web app (no backend).
 */
import { expect, test, type Locator, type Page } from './support/test.js';

/** Carousel animation and lock, in ms (spec §9 TIMING.carouselAnimationMs). */
const ANIMATION_MS = 150;
const CATEGORIES = ['Logo & Brand Design', 'Product Design', 'Web Design', 'App Development'];

function carousel(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

function counter(region: Locator, text: string): Locator {
  return region.getByText(text, { exact: true });
}

/** Waits out the transition lock (the region is aria-busy while it holds) so the next move is accepted. */
async function settle(region: Locator) {
  await expect(region).not.toHaveAttribute('aria-busy', /.*/);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#portfolio');
  await expect(carousel(page, 'Logo & Brand Design')).toBeVisible();
  // The prerendered page is there before the hash scroll (100 ms, then smooth) runs:
  // let it come to rest, or boxes measured one after another are from different scroll positions.
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(120);
      return before > 0 && before === (await page.evaluate(() => window.scrollY));
    })
    .toBe(true);
});

test('four category carousels in spec order, each with 600 px cards and 3 items', async ({ page }) => {
  const portfolio = page.locator('#portfolio');
  await expect(portfolio.getByRole('heading', { level: 3 })).toHaveText(CATEGORIES);
  for (const name of CATEGORIES) {
    const region = carousel(page, name);
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(counter(region, '1 of 3')).toBeVisible();
    await expect(region.getByRole('button', { name: /^Go to item \d$/ })).toHaveCount(3);
    const box = await region.getByTestId('portfolio-card').boundingBox();
    expect(box?.height).toBe(600);
    const img = region.getByRole('img').first();
    await expect(img).toHaveAttribute('width', '800');
    await expect(img).toHaveAttribute('height', '600');
    await expect(img).toHaveAttribute('loading', 'lazy'); // below the hero: never competes with the first paint
    await expect(img).toHaveAttribute('alt', /.+/);
  }
});

test('next, previous and dots change the item and the "n of m" counter', async ({ page }) => {
  const region = carousel(page, 'Product Design');
  const slide = region.locator('[aria-roledescription="slide"]');
  await expect(slide.getByRole('heading', { level: 4 })).toHaveText('Pulse Smart Thermostat');

  await region.getByRole('button', { name: 'Next Product Design' }).click();
  await expect(counter(region, '2 of 3')).toBeVisible();
  await expect(slide.getByRole('heading', { level: 4 })).toHaveText('Aero Wireless Earbuds');
  await expect(region.getByRole('button', { name: 'Go to item 2' })).toHaveAttribute('aria-current', 'true');
  await expect(region.getByRole('button', { name: 'Go to item 1' })).not.toHaveAttribute('aria-current', /.*/);
  // Later items load lazily.
  await expect(region.getByRole('img').first()).toHaveAttribute('loading', 'lazy');
  await settle(region);

  await region.getByRole('button', { name: 'Previous Product Design' }).click();
  await expect(counter(region, '1 of 3')).toBeVisible();
  await settle(region);

  // Previous from the first item wraps to the last.
  await region.getByRole('button', { name: 'Previous Product Design' }).click();
  await expect(counter(region, '3 of 3')).toBeVisible();
  await expect(slide.getByRole('heading', { level: 4 })).toHaveText('Lumen Desk Lamp');
  await settle(region);

  await region.getByRole('button', { name: 'Go to item 1' }).click();
  await expect(counter(region, '1 of 3')).toBeVisible();
  await expect(region.getByRole('button', { name: 'Go to item 1' })).toHaveAttribute('aria-current', 'true');

  // Other carousels are independent.
  await expect(counter(carousel(page, 'Web Design'), '1 of 3')).toBeVisible();
});

test('the carousel is locked for 150 ms: two fast Next clicks advance by one', async ({ page }) => {
  const region = carousel(page, 'App Development');
  const next = region.getByRole('button', { name: 'Next App Development' });

  // Two clicks in the same task, then a third 100 ms later: all inside the lock.
  await next.evaluate(async (button: HTMLElement) => {
    button.click();
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    button.click();
  });
  await expect(counter(region, '2 of 3')).toBeVisible();
  await page.waitForTimeout(50);
  await expect(counter(region, '2 of 3')).toBeVisible();

  // Dots and keys are locked too.
  await settle(region);
  await region.getByRole('button', { name: 'Go to item 3' }).evaluate((dot: HTMLElement) => {
    dot.click();
    dot.parentElement!.querySelector<HTMLElement>('[aria-label="Go to item 1"]')!.click();
  });
  await expect(counter(region, '3 of 3')).toBeVisible();

  // Once the transition is over the next click is accepted again.
  await settle(region);
  await next.click();
  await expect(counter(region, '1 of 3')).toBeVisible();
});

test('ArrowLeft/ArrowRight move the focused carousel only', async ({ page }) => {
  const region = carousel(page, 'Web Design');
  await region.focus();
  await expect(region).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(counter(region, '2 of 3')).toBeVisible();
  await settle(region);
  await page.keyboard.press('ArrowRight');
  await expect(counter(region, '3 of 3')).toBeVisible();
  await settle(region);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(region, '2 of 3')).toBeVisible();
  await settle(region);

  // Keys also work from a control inside the region.
  await region.getByRole('button', { name: 'Go to item 2' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(counter(region, '1 of 3')).toBeVisible();

  // Not from outside: the other carousels did not move.
  for (const name of ['Logo & Brand Design', 'Product Design', 'App Development']) {
    await expect(counter(carousel(page, name), '1 of 3')).toBeVisible();
  }
  await settle(region);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(ANIMATION_MS);
  await expect(counter(region, '1 of 3')).toBeVisible();
});

test('a touch swipe of 40 px or more changes item; a shorter one does not', async ({ page }) => {
  const region = carousel(page, 'Logo & Brand Design');
  const card = region.getByTestId('portfolio-card');
  const box = (await card.boundingBox())!;
  const y = box.y + 100;
  const swipe = async (fromX: number, toX: number) => {
    const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, clientY: y };
    await card.dispatchEvent('pointerdown', { ...init, clientX: fromX });
    await card.dispatchEvent('pointerup', { ...init, clientX: toX });
  };

  await swipe(box.x + 200, box.x + 170); // 30 px: too short
  await page.waitForTimeout(ANIMATION_MS);
  await expect(counter(region, '1 of 3')).toBeVisible();

  await swipe(box.x + 260, box.x + 180); // right to left: next
  await expect(counter(region, '2 of 3')).toBeVisible();
  await settle(region);

  await swipe(box.x + 100, box.x + 200); // left to right: previous
  await expect(counter(region, '1 of 3')).toBeVisible();
});

test('with reduced motion the swap is instant and the background stands still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const region = carousel(page, 'Logo & Brand Design');
  await region.getByRole('button', { name: 'Next Logo & Brand Design' }).click();
  await expect(counter(region, '2 of 3')).toBeVisible();
  // The item shown (every item is in the track; those out of view are hidden from assistive technology).
  const slide = region.getByRole('group', { name: /^2 of 3: / });
  expect(await slide.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  const shape = page.getByTestId('background-shapes').locator('[data-shape]').first();
  expect(await shape.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await shape.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
});

test('before/after dialog: slider starts at 50 and is clamped 0 to 100 by keyboard and drag', async ({ page }) => {
  const region = carousel(page, 'Web Design');
  await expect(region.locator('[aria-roledescription="slide"]').getByRole('heading', { level: 4 })).toHaveText(
    'Harbor & Hearth Realty',
  );
  await region.getByRole('button', { name: 'View Before/After' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Harbor & Hearth Realty');
  await expect(dialog.getByRole('heading', { name: 'Issues' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Improvements' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /old Harbor & Hearth website/ })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /new Harbor & Hearth website/ })).toBeVisible();

  const slider = dialog.getByRole('slider', { name: 'Before/after comparison' });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await expect(slider).toHaveAttribute('aria-valuemin', '0');
  await expect(slider).toHaveAttribute('aria-valuemax', '100');

  // Keyboard: 5 % steps, Home/End, clamped at both ends.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '55');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '45');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');

  // Mouse drag, including beyond both edges of the image.
  await page.keyboard.press('End');
  const area = dialog.getByTestId('before-after-area');
  const box = (await area.boundingBox())!;
  const y = box.y + box.height / 2;
  const handle = (await slider.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 4 });
  await expect(slider).toHaveAttribute('aria-valuenow', '25');
  await page.mouse.move(box.x - 120, y, { steps: 4 });
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.mouse.move(box.x + box.width + 120, y, { steps: 6 });
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await page.mouse.up();
  // Released: moving the mouse no longer drags.
  await page.mouse.move(box.x + 10, y, { steps: 2 });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');

  // Escape closes; the slider's arrow keys did not leak to the carousel behind; reopening starts at 50 again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(counter(region, '1 of 3')).toBeVisible();
  await region.getByRole('button', { name: 'View Before/After' }).click();
  await expect(page.getByRole('dialog').getByRole('slider', { name: 'Before/after comparison' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
});

test('items with a link show View Project; before/after items show View Before/After', async ({ page }) => {
  const region = carousel(page, 'Logo & Brand Design');
  const project = region.getByRole('link', { name: /View Project/ });
  await expect(project).toHaveAttribute('href', /^\/portfolio\/.+\.svg$/);
  await expect(project).toHaveAttribute('target', '_blank');
  await expect(project).toHaveAttribute('rel', /noopener/);
  await expect(region.getByRole('button', { name: 'View Before/After' })).toHaveCount(0);
  await region.getByRole('button', { name: 'Go to item 2' }).click();
  await expect(region.getByRole('button', { name: 'View Before/After' })).toBeVisible();
  await expect(region.getByRole('link', { name: /View Project/ })).toHaveCount(0);
});

test('the background animation has 48 decorative shapes', async ({ page }) => {
  const layer = page.getByTestId('background-shapes');
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer.locator('[data-shape]')).toHaveCount(48);
  expect(await layer.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  expect(await layer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  // The drift starts once the page has settled: at the visitor's first move, or 5 s after hydration.
  await page.mouse.move(40, 300);
  await page.mouse.move(60, 320);
  await expect(layer).toHaveAttribute('data-drifting', 'true');
  expect(
    await layer
      .locator('[data-shape]')
      .first()
      .evaluate((el) => getComputedStyle(el).animationPlayState),
  ).toBe('running');
});

test('the portfolio fits a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const region = carousel(page, 'Web Design');
  await region.scrollIntoViewIfNeeded();
  // Both boxes are read in one synchronous pass: after the resize the page may still be
  // scrolling, and two separate reads could come from two scroll positions.
  const card = region.getByTestId('portfolio-card');
  const button = region.getByRole('button', { name: 'View Before/After' });
  await expect(button).toBeVisible();
  const buttonHandle = await button.elementHandle();
  const boxes = await card.evaluate((cardEl, buttonEl) => {
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return { card: rect(cardEl), button: buttonEl ? rect(buttonEl) : null };
  }, buttonHandle);
  expect(boxes.card.height).toBe(600);
  expect(boxes.card.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The action button sits inside the card, not clipped by it.
  expect(boxes.button).not.toBeNull();
  expect(boxes.button!.y + boxes.button!.height).toBeLessThanOrEqual(boxes.card.y + boxes.card.height);
  expect(boxes.button!.x + boxes.button!.width).toBeLessThanOrEqual(boxes.card.x + boxes.card.width);
  await expect(region.getByRole('button', { name: 'Next Web Design' })).toBeVisible();
});
