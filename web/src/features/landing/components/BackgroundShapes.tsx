/**
 * Decorative background animation of the landing page (spec §2, §9: 48
 * shapes). Fixed behind the content, hidden from assistive technology, never
 * catches the pointer. Pure CSS: each shape drifts with a transform/opacity
 * keyframe animation (compositor-only, no layout or paint work per frame),
 * and everything stands still under `prefers-reduced-motion: reduce`.
 *
 * Positions, sizes and timings come from a fixed-seed generator, so every
 * render and every visit draw the same picture. Per-shape values are inline
 * styles; one emotion class holds all the rules.
 *
 * The drift starts once the page has settled: on the visitor's first scroll,
 * pointer move, touch or key press, or START_AFTER_MS after this layer has
 * hydrated, whichever comes first. Until then the shapes stand still where
 * the animation would start them, so nothing jumps; the page's load (its
 * parsing, paint and hydration) does not share the main thread with 48
 * running animations.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { mulberry32 } from '@studio/domain/random';

/** How long after hydration the shapes start drifting if the visitor has not interacted yet (ms). */
export const START_AFTER_MS = 5000;
const START_EVENTS = ['scroll', 'pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;

/** Number of shapes (spec §9). */
export const SHAPE_COUNT = 48;

const KINDS = ['circle', 'ring', 'square', 'triangle'] as const;
type ShapeKind = (typeof KINDS)[number];

// Indigo, teal, amber and pink from the site's palette.
const COLORS = ['#4338ca', '#818cf8', '#0f766e', '#14b8a6', '#f59e0b', '#ec4899'];

interface Shape {
  kind: ShapeKind;
  left: number;
  top: number;
  size: number;
  /** Colour with its (low) alpha baked in, so opacity keyframes can pulse on top of it. */
  color: string;
  duration: number;
  delay: number;
}

function withAlpha(hex: string, alpha: number): string {
  return `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

function makeShapes(): Shape[] {
  const rand = mulberry32(20240611);
  return Array.from({ length: SHAPE_COUNT }, (_, i) => {
    const duration = 18 + rand() * 22;
    return {
      kind: KINDS[i % KINDS.length]!,
      // An 8×6 grid with jitter spreads the shapes evenly over the viewport.
      left: ((i % 8) + 0.15 + rand() * 0.7) * 12.5,
      top: (Math.floor(i / 8) + 0.1 + rand() * 0.8) * (100 / 6),
      size: Math.round(10 + rand() * rand() * 70),
      color: withAlpha(COLORS[Math.floor(rand() * COLORS.length)]!, 0.07 + rand() * 0.1),
      duration,
      // Negative delays start every shape mid-cycle, so nothing "jumps in" on load.
      delay: -rand() * duration,
    };
  });
}

const SHAPES = makeShapes();

const driftA = keyframes`
  from { transform: translate3d(0, 0, 0) rotate(0deg); }
  to { transform: translate3d(36px, -48px, 0) rotate(120deg); }
`;
const driftB = keyframes`
  from { transform: translate3d(0, 0, 0) rotate(0deg) scale(1); }
  to { transform: translate3d(-44px, 32px, 0) rotate(-90deg) scale(1.15); }
`;
const driftC = keyframes`
  0% { transform: translate3d(0, 0, 0); opacity: 1; }
  50% { opacity: 0.45; }
  100% { transform: translate3d(24px, 40px, 0) rotate(45deg); opacity: 1; }
`;

/** The fixed, decorative layer of 48 slowly drifting shapes behind the landing page. */
export function BackgroundShapes() {
  const [drifting, setDrifting] = useState(false);
  useEffect(() => {
    if (drifting) return;
    const start = () => setDrifting(true);
    const timer = window.setTimeout(start, START_AFTER_MS);
    for (const type of START_EVENTS) window.addEventListener(type, start, { once: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of START_EVENTS) window.removeEventListener(type, start);
    };
  }, [drifting]);
  return (
    <Box
      aria-hidden="true"
      data-testid="background-shapes"
      data-drifting={drifting || undefined}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: -1,
        overflow: 'hidden',
        pointerEvents: 'none',
        contain: 'strict',
        '& > span': {
          position: 'absolute',
          display: 'block',
          animation: `${driftA} 24s ease-in-out infinite alternate`,
          animationPlayState: 'paused',
        },
        '&[data-drifting] > span': { animationPlayState: 'running' },
        '& > span:nth-of-type(3n + 2)': { animationName: `${driftB}` },
        '& > span:nth-of-type(3n)': { animationName: `${driftC}` },
        '& > [data-shape="circle"]': { borderRadius: '50%', bgcolor: 'currentColor' },
        '& > [data-shape="ring"]': { borderRadius: '50%', border: '2px solid currentColor' },
        '& > [data-shape="square"]': { borderRadius: '24%', bgcolor: 'currentColor' },
        '& > [data-shape="triangle"]': { bgcolor: 'currentColor', clipPath: 'polygon(50% 0, 100% 100%, 0 100%)' },
        '@media (prefers-reduced-motion: reduce)': { '& > span': { animation: 'none' } },
      }}
    >
      {SHAPES.map((s, i) => (
        <span
          key={i}
          data-shape={s.kind}
          style={{
            left: `${s.left}%`,
            top: `${s.top}%`,
            width: s.size,
            height: s.size,
            color: s.color,
            animationDuration: `${s.duration.toFixed(1)}s`,
            animationDelay: `${s.delay.toFixed(1)}s`,
          }}
        />
      ))}
    </Box>
  );
}
