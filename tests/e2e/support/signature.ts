/** A hand-drawn signature on the proposal page's signature pad, as a client draws one with the mouse or a finger. */
import type { Page } from '@playwright/test';

/** Draws a zigzag stroke across the signature pad (`signature-canvas`) of `page`. */
export async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 22, box.y + 100 - (i % 2 ? 50 : 0), { steps: 3 });
  await page.mouse.up();
}
