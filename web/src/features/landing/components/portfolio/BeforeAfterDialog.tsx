/**
 * Before/after dialog of a portfolio redesign (spec §2 "Portfolio", §9): the
 * two images overlap, a drag slider (starting at 50 %, clamped 0 to 100)
 * reveals the before image on the left and the after image on the right, and
 * lists of issues (before) and improvements (after) follow.
 *
 * The slider moves by pointer drag anywhere on the images (pointer capture, so
 * dragging past the edges pins it at 0 or 100) and from its focusable handle
 * by keyboard: arrows ±5, Page Up/Down ±10, Home 0, End 100.
 *
 * Loaded lazily by PortfolioCarousels, hence the default export.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { BeforeAfterItem } from './data';
import { usePhone } from '../../../../shared/lib/usePhone';

/** Start position of the slider, in percent (spec §9). */
export const START_PERCENT = 50;
/** Keyboard step of the slider, in percent. */
export const STEP_PERCENT = 5;

/** Clamps a slider position to 0..100 (NaN counts as 0). */
export function clampPercent(n: number): number {
  if (Number.isNaN(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

const KEY_STEPS: Record<string, (current: number) => number> = {
  ArrowLeft: (v) => v - STEP_PERCENT,
  ArrowDown: (v) => v - STEP_PERCENT,
  ArrowRight: (v) => v + STEP_PERCENT,
  ArrowUp: (v) => v + STEP_PERCENT,
  PageDown: (v) => v - 2 * STEP_PERCENT,
  PageUp: (v) => v + 2 * STEP_PERCENT,
  Home: () => 0,
  End: () => 100,
};

/** The overlapped images with the draggable divider and its slider handle. */
export function BeforeAfterSlider({ item }: { item: BeforeAfterItem }) {
  const { before, after } = item.beforeAfter;
  const { width, height } = item.image;
  const [percent, setPercent] = useState(START_PERCENT);
  const areaRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<number | null>(null);
  const rounded = Math.round(percent);

  const percentAt = (clientX: number) => {
    const box = areaRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return percent;
    return clampPercent(((clientX - box.left) / box.width) * 100);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    dragRef.current = e.pointerId;
    setPercent(percentAt(e.clientX));
    handleRef.current?.focus({ preventScroll: true });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragRef.current !== e.pointerId) return;
    setPercent(percentAt(e.clientX));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (dragRef.current !== e.pointerId) return;
    dragRef.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    setPercent(clampPercent(step(rounded)));
  };

  const label = (text: string, side: 'left' | 'right', visible: boolean) => (
    <Box
      aria-hidden="true"
      sx={{
        position: 'absolute',
        top: 12,
        [side]: 12,
        px: 1.25,
        py: 0.25,
        borderRadius: 99,
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
        color: 'common.white',
        bgcolor: 'rgba(15, 23, 42, 0.72)',
        opacity: visible ? 1 : 0,
        transition: 'opacity 150ms ease',
        pointerEvents: 'none',
      }}
    >
      {text}
    </Box>
  );

  return (
    <Box
      ref={areaRef}
      data-testid="before-after-area"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={() => (dragRef.current = null)}
      sx={{
        position: 'relative',
        // As wide as the dialog, but short enough to leave room for the title and the lists.
        width: `min(100%, max(280px, calc((100vh - 360px) * ${width / height})))`,
        mx: 'auto',
        aspectRatio: `${width} / ${height}`,
        cursor: 'ew-resize',
        touchAction: 'pan-y',
        userSelect: 'none',
        '& img': {
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          pointerEvents: 'none',
        },
      }}
    >
      {/* Only the pictures are clipped; the handle may overhang the edges so it stays grabbable at 0 and 100. */}
      <Box sx={{ position: 'absolute', inset: 0, borderRadius: 3, overflow: 'hidden', bgcolor: 'grey.100' }}>
        <img src={before.src} alt={before.alt} width={width} height={height} draggable={false} />
        <Box sx={{ position: 'absolute', inset: 0 }} style={{ clipPath: `inset(0 0 0 ${percent}%)` }}>
          <img src={after.src} alt={after.alt} width={width} height={height} draggable={false} />
        </Box>
        {label('Before', 'left', percent > 14)}
        {label('After', 'right', percent < 86)}
      </Box>
      <Box
        aria-hidden="true"
        style={{ left: `${percent}%` }}
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: 2,
          ml: '-1px',
          bgcolor: 'common.white',
          boxShadow: '0 0 0 1px rgba(15,23,42,0.15), 0 0 12px rgba(15,23,42,0.35)',
          pointerEvents: 'none',
        }}
      />
      <Box
        ref={handleRef}
        role="slider"
        tabIndex={0}
        aria-label="Before/after comparison"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}% before, ${100 - rounded}% after`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        style={{ left: `${percent}%` }}
        sx={{
          position: 'absolute',
          top: '50%',
          width: 44,
          height: 44,
          transform: 'translate(-50%, -50%)',
          borderRadius: '50%',
          bgcolor: 'common.white',
          color: 'text.primary',
          boxShadow: '0 4px 16px rgba(15, 23, 42, 0.3)',
          display: 'grid',
          placeItems: 'center',
          outline: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box
          component="svg"
          viewBox="0 0 24 24"
          aria-hidden="true"
          sx={{ width: 24, height: 24, fill: 'currentColor' }}
        >
          <path d="M9.5 7 4.5 12l5 5V7Zm5 0v10l5-5-5-5Z" />
        </Box>
      </Box>
    </Box>
  );
}

function PointList({ title, points, tone }: { title: string; points: string[]; tone: 'issue' | 'improvement' }) {
  const color = tone === 'issue' ? '#dc2626' : '#16a34a';
  return (
    <Box>
      <Typography
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <Box component="span" aria-hidden="true" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color }} />
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {points.map((p) => (
          <Box
            component="li"
            key={p}
            sx={{
              position: 'relative',
              pl: 3,
              color: 'text.secondary',
              lineHeight: 1.5,
              '&::before': {
                content: tone === 'issue' ? '"✕"' : '"✓"',
                position: 'absolute',
                left: 0,
                top: 0,
                fontWeight: 700,
                color,
              },
            }}
          >
            {p}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export interface BeforeAfterDialogProps {
  open: boolean;
  onClose: () => void;
  item: BeforeAfterItem;
}

/** Modal comparing an item's before and after images; full screen on phones. */
export function BeforeAfterDialog({ open, onClose, item }: BeforeAfterDialogProps) {
  const fullScreen = usePhone();
  const titleId = `before-after-${item.id}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      scroll="body"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        <Typography
          component="span"
          variant="overline"
          sx={{ display: 'block', color: 'text.secondary', fontWeight: 700, letterSpacing: '0.14em', lineHeight: 1.6 }}
        >
          Before / After
        </Typography>
        <Box
          component="span"
          sx={{ display: 'block', fontWeight: 700, fontSize: '1.375rem', letterSpacing: '-0.01em' }}
        >
          {item.title}
        </Box>
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 0 }}>
        <BeforeAfterSlider key={item.id} item={item} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, mb: 3, textAlign: 'center' }}>
          Drag the divider, or focus the handle and use the arrow keys.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
          <PointList title="Issues" points={item.beforeAfter.issues} tone="issue" />
          <PointList title="Improvements" points={item.beforeAfter.improvements} tone="improvement" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

export default BeforeAfterDialog;
