import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Viewports: a laptop and a phone. */
export const WIDTHS = [
  { label: '1440 px', width: 1440, height: 900 },
  { label: '390 px', width: 390, height: 844 },
] as const;

/**
 * Waits until no finite CSS transition or animation runs (a dialog fading in,
 * a toast sliding in), so colours are read at rest. Endless ones (spinners,
 * the landing's background shapes) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The WCAG A/AA violations of the page as it is now (or only of the part
 * matching `include`, e.g. an open dialog), once it has settled, one line
 * each: rule, impact, and up to 3 nodes with what failed. Axe runs in the page
 * itself (legacy mode: no second page to merge frame results, which doubles
 * the cost on a busy machine). Frames are checked as elements (title) but
 * not inside: the CRM's only frames are the email previews, sandboxed with no
 * scripts (axe cannot run there), showing the emails' own HTML.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  await settle(page);
  const builder = new AxeBuilder({ page }).options({ iframes: false }).withTags(WCAG_TAGS).setLegacyMode(true); // options() first: it replaces what withTags() set
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length} nodes): ` +
      v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} → ${[...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ')}`)
        .join(' | '),
  );
}
