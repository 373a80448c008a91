/**
 * Partial hydration of the prerendered landing (its speed budget: bench
 * "Landing page, Lighthouse"). A section wrapped in <Island> keeps its
 * prerendered HTML and is hydrated only when it is needed:
 *
 * - `when="visible"`: when it comes within `margin` of the viewport, or when
 *   the user points at, touches, focuses or types into it first;
 * - `when="idle"`: when the browser is next idle (decorative parts that are
 *   always on screen but never interactive).
 *
 * How: during hydration a gate inside the island's own Suspense boundary
 * suspends, so React leaves the boundary dehydrated (its server HTML stays on
 * screen, untouched) and hydrates it when the gate opens. The first hydration
 * then covers the top bar and the hero only, and the sections below the fold
 * cost nothing until the user gets near them.
 *
 * Only the hydration of the prerendered `/` is deferred: on the server and in
 * a client render (the landing reached from another page) the children render
 * at once. The wrapper is a plain block <div>, rendered alike on both sides.
 */
import { Suspense, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { hydrationDone, isHydrating } from '../../../shared/lib/hydration';
import { Committed } from '../../../shared/components/Committed';

type When = 'visible' | 'idle';

/** A promise opened from outside, once. */
interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function newGate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Suspends until the gate opens. Renders nothing. */
function Wait({ gate }: { gate: Gate }) {
  use(gate.promise);
  return null;
}

/**
 * The user's first touch of a dehydrated island opens it. React drops an event aimed at a boundary that
 * has not hydrated, so a click or key press that arrives before the island has hydrated is held and
 * replayed once it has (heldEvent).
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * How to replay an event held while its island hydrates, or null to let it through: a click is
 * clicked again (its default action, such as following a link, is cancelled now and happens then); a
 * key press is dispatched again for the island's handlers, its default action (typing, Tab, Enter's
 * click on a button) left to the browser now. Keys typed into a field are never held.
 */
function heldEvent(e: Event, target: HTMLElement): (() => void) | null {
  if (e instanceof MouseEvent && e.type === 'click') {
    e.preventDefault();
    return () => target.isConnected && target.click();
  }
  if (
    e instanceof KeyboardEvent &&
    e.key !== 'Tab' &&
    !target.isContentEditable &&
    !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
  ) {
    const copy = new KeyboardEvent(e.type, e); // an event is a valid init dictionary of its own kind
    return () => target.isConnected && target.dispatchEvent(copy);
  }
  return null;
}

/** See the module docstring. `margin` is a CSS margin around the viewport (IntersectionObserver rootMargin). */
export function Island({ when, margin = '0px', children }: { when: When; margin?: string; children: ReactNode }) {
  // Created once, when this island mounts by hydration; null on the server and in a client render.
  // (Not a hook of state that changes after hydration: a re-render of this component would be an update
  // of the still-dehydrated boundary, which React answers by dropping its server HTML.)
  const [gate] = useState<Gate | null>(() => (isHydrating() ? newGate() : null));
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useRef(false);
  // Events that reached the island before it had hydrated, replayed once it has (heldEvent).
  const held = useRef<(() => void)[]>([]);
  const onHydrated = useCallback(() => {
    hydrated.current = true;
    for (const replay of held.current.splice(0)) replay();
  }, []);

  useEffect(() => {
    hydrationDone();
    const el = ref.current;
    if (!gate || !el) return;
    const stops: (() => void)[] = [];
    const open = () => {
      gate.open();
      for (const stop of stops) stop();
    };
    const hold = (e: Event) => {
      if (hydrated.current || !(e.target instanceof HTMLElement) || !el.contains(e.target)) return;
      const replay = heldEvent(e, e.target);
      if (!replay) return;
      e.stopImmediatePropagation(); // React would drop it: the island is not hydrated yet
      held.current.push(replay);
      open();
    };
    for (const type of ['click', 'keydown'] as const) window.addEventListener(type, hold, { capture: true });
    const stopHolding = () => {
      for (const type of ['click', 'keydown'] as const) window.removeEventListener(type, hold, { capture: true });
    };
    // On window, in the capture phase: React's own listener on the root stops an event aimed at a
    // dehydrated boundary, so a listener on the island itself would never hear it.
    const onInteraction = (e: Event) => {
      if (e.target instanceof Node && el.contains(e.target)) open();
    };
    for (const type of INTERACTIONS) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true });
      stops.push(() => window.removeEventListener(type, onInteraction, { capture: true }));
    }
    if (when === 'idle' && 'requestIdleCallback' in window) {
      const id = window.requestIdleCallback(open, { timeout: 4000 });
      stops.push(() => window.cancelIdleCallback(id));
    } else if (when === 'idle') {
      const id = window.setTimeout(open, 1000);
      stops.push(() => window.clearTimeout(id));
    } else {
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), {
        rootMargin: margin,
      });
      observer.observe(el);
      stops.push(() => observer.disconnect());
    }
    return () => {
      stopHolding();
      for (const stop of stops) stop();
    };
  }, [gate, when, margin]);

  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        {gate && <Wait gate={gate} />}
        {children}
        {gate && <Committed onCommit={onHydrated} />}
      </Suspense>
    </div>
  );
}
