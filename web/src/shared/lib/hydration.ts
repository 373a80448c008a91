/**
 * Whether the page is hydrating prerendered HTML (the landing `/`, see
 * main.tsx). Set once by the browser entry before hydrateRoot; components that
 * mount during that first pass read it to defer their own hydration
 * (features/landing Island), and the first of them to commit clears it, so a
 * later client render (the landing reached from another page) renders at once.
 */
let pending = false;

/** Called by the browser entry right before hydrateRoot. */
export function hydrationStarts(): void {
  pending = true;
}

/** True during the render pass that hydrates the prerendered page, until hydrationDone(). */
export function isHydrating(): boolean {
  return pending;
}

/** Called after the hydrating pass has committed. */
export function hydrationDone(): void {
  pending = false;
}
