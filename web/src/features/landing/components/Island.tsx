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

/** Calls `onHydrated` once its Suspense boundary has hydrated (its effect runs then). Renders nothing. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Suspends until the gate opens. Renders nothing. */
function Wait({ gate }: { gate: Gate }) {
  use(gate.promise);
  return null;
}

/**
 * The user's first touch of a dehydrated island opens it. React drops that event (the island is not
 * hydrated yet when it arrives); the click or key press that follows finds it hydrated. A click that
 * comes first (assistive technology, a script) is held and replayed once the island has hydrated.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** See the module docstring. `margin` is a CSS margin around the viewport (IntersectionObserver rootMargin). */
export function Island({ when, margin = '0px', children }: { when: When; margin?: string; children: ReactNode }) {
  // Created once, when this island mounts by hydration; null on the server and in a client render.
  // (Not a hook of state that changes after hydration: a re-render of this component would be an update
  // of the still-dehydrated boundary, which React answers by dropping its server HTML.)
  const [gate] = useState<Gate | null>(() => (isHydrating() ? newGate() : null));
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useRef(false);
  const heldClick = useRef<HTMLElement | null>(null);
  const onHydrated = useCallback(() => {
    hydrated.current = true;
    const target = heldClick.current;
    heldClick.current = null;
    if (target?.isConnected) target.click();
  }, []);

  useEffect(() => {
    hydrationDone();
    const el = ref.current;
    if (!gate || !el) return;
    // A click on the island before it has hydrated: React would drop it, so hold it and replay it.
    const onClick = (e: MouseEvent) => {
      if (hydrated.current || !(e.target instanceof HTMLElement) || !el.contains(e.target)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      heldClick.current = e.target;
      open();
    };
    window.addEventListener('click', onClick, { capture: true });
    const stopClicks = () => window.removeEventListener('click', onClick, { capture: true });
    const stops: (() => void)[] = [];
    const open = () => {
      gate.open();
      for (const stop of stops) stop();
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
      stopClicks();
      for (const stop of stops) stop();
    };
  }, [gate, when, margin]);

  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        {gate && <Wait gate={gate} />}
        {children}
        {gate && <Hydrated onHydrated={onHydrated} />}
      </Suspense>
    </div>
  );
}
