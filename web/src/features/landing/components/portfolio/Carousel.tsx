/**
 * One portfolio category as a carousel (spec §2 "Portfolio", §9).
 *
 * Previous/next buttons (wrapping around), dots, an "n of m" counter and a
 * 150 ms fade/slide. Embla (embla-carousel-react) lays the items out in a
 * track and moves the track to the selected one; the item coming in then
 * plays the 150 ms fade/slide (Embla's own scroll is a spring that takes
 * about half a second, or overshoots when made shorter, so it jumps). While a
 * transition runs the carousel is locked: clicks, keys and swipes during those
 * 150 ms are ignored (also with reduced motion, where the swap is instant but
 * the lock still stops double-clicks from skipping an item). ArrowLeft/ArrowRight
 * work while focus is in the carousel region; touch and pen swipes of 40 px or
 * more change item (Embla's drag is off: its flick rule would move on shorter,
 * fast swipes and on mouse drags). Items out of view are inert and hidden from
 * assistive technology.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { keyframes, styled } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CompareIcon from '@mui/icons-material/Compare';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { TIMING } from '@studio/domain/constants';
import { cardRaster, type BeforeAfterItem, type PortfolioCategory, type PortfolioItem } from './data';

/** Card height in px (spec §9). */
export const CARD_HEIGHT_PX = 600;
/** Minimum horizontal travel for a swipe, in px. */
export const SWIPE_THRESHOLD_PX = 40;

const slideIn = keyframes`
  from { opacity: 0; transform: translate3d(var(--carousel-dx, 0px), 0, 0); }
  to { opacity: 1; transform: none; }
`;

const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

// A plain <img> (not Box: Box would turn width/height into CSS instead of the attributes that reserve space).
const Artwork = styled('img')({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  filter: 'drop-shadow(0 18px 28px rgba(15, 23, 42, 0.18))',
  userSelect: 'none',
});

/**
 * Index state with the transition lock. `go` returns false when the move was
 * ignored (locked, or already there). The lock is a ref so that two events in
 * the same frame see it; `moving` mirrors it for the page (the region's
 * aria-busy while the transition runs).
 */
function useLockedIndex(count: number) {
  const [state, setState] = useState({ index: 0, direction: 0 });
  const [moving, setMoving] = useState(false);
  const indexRef = useRef(0);
  const lockedRef = useRef(false);
  const timerRef = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const go = useCallback(
    (target: number, direction: -1 | 1) => {
      if (lockedRef.current || count < 2) return false;
      const index = ((target % count) + count) % count;
      if (index === indexRef.current) return false;
      lockedRef.current = true;
      indexRef.current = index;
      setState({ index, direction });
      setMoving(true);
      timerRef.current = window.setTimeout(() => {
        lockedRef.current = false;
        setMoving(false);
      }, TIMING.carouselAnimationMs);
      return true;
    },
    [count],
  );

  const next = useCallback(() => go(indexRef.current + 1, 1), [go]);
  const previous = useCallback(() => go(indexRef.current - 1, -1), [go]);
  const goTo = useCallback((target: number) => go(target, target > indexRef.current ? 1 : -1), [go]);
  return { ...state, moving, next, previous, goTo };
}

export interface CarouselProps {
  category: PortfolioCategory;
  /** 1-based position of the category on the page, shown as "01". */
  number: number;
  onOpenBeforeAfter: (item: BeforeAfterItem) => void;
  /** Called on hover/focus of a "View Before/After" button, to fetch the dialog early. */
  onPrefetchBeforeAfter?: () => void;
}

/** A category heading, a 600 px card showing one item, and the dots/counter/previous/next controls. */
export function Carousel({ category, number, onOpenBeforeAfter, onPrefetchBeforeAfter }: CarouselProps) {
  const { items, name } = category;
  const count = items.length;
  const { index, direction, moving, next, previous, goTo } = useLockedIndex(count);
  // The index above is the state (locked, wrapping, and ready for a key replayed at hydration, before
  // Embla is); Embla follows it. Its drag and focus scrolling are off: swipes and focus are handled here.
  const [viewportRef, embla] = useEmblaCarousel({ watchDrag: false, watchFocus: false });
  useEffect(() => {
    embla?.scrollTo(index, true);
  }, [embla, index]);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const headingId = `portfolio-${category.id}-title`;

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    // React bubbles events out of portals (dialogs); only react to keys from inside the region itself.
    if (!e.currentTarget.contains(e.target as Node)) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      previous();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' || !e.isPrimary) return;
    swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
    if (dx < 0) next();
    else previous();
  };

  if (count === 0) return null;
  const slideStyle = { '--carousel-dx': `${direction * 32}px` } as CSSProperties;

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={name}
      // Busy while a transition runs and moves are ignored.
      aria-busy={moving || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{
        borderRadius: 5,
        outline: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 8 },
      }}
    >
      <Box sx={{ mb: 2.5 }}>
        <Typography
          variant="overline"
          component="p"
          sx={{ color: category.accent, fontWeight: 700, letterSpacing: '0.16em', lineHeight: 1.6 }}
        >
          {String(number).padStart(2, '0')} · {count} projects
        </Typography>
        <Typography
          id={headingId}
          variant="h4"
          component="h3"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, letterSpacing: '-0.02em' }}
        >
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {category.blurb}
        </Typography>
      </Box>

      {/* Embla's viewport; its container (the track) holds every item, one card wide each. */}
      <Box
        ref={viewportRef}
        data-testid="portfolio-card"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
        sx={{
          height: CARD_HEIGHT_PX,
          overflow: 'hidden',
          position: 'relative',
          touchAction: 'pan-y',
          bgcolor: 'background.paper',
          border: '1px solid',
          borderColor: 'rgba(15, 23, 42, 0.08)',
          borderRadius: { xs: 4, md: 5 },
          boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04), 0 24px 48px -24px rgba(15, 23, 42, 0.22)',
        }}
      >
        <Box sx={{ display: 'flex', height: '100%' }}>
          {items.map((item, i) => (
            <Slide
              key={item.id}
              item={item}
              category={category}
              position={i + 1}
              count={count}
              selected={i === index}
              // Only the item coming in plays the fade/slide; the first one shown never does.
              animated={i === index && direction !== 0}
              style={slideStyle}
              onOpenBeforeAfter={onOpenBeforeAfter}
              onPrefetch={onPrefetchBeforeAfter}
            />
          ))}
        </Box>
      </Box>

      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {items.map((it, i) => (
            <Box
              key={it.id}
              component="button"
              type="button"
              aria-label={`Go to item ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
              sx={{
                all: 'unset',
                cursor: 'pointer',
                width: 32,
                height: 32,
                display: 'grid',
                placeItems: 'center',
                borderRadius: '50%',
                '&::after': {
                  content: '""',
                  display: 'block',
                  height: 8,
                  width: i === index ? 24 : 8,
                  borderRadius: 4,
                  bgcolor: i === index ? category.accent : 'rgba(15, 23, 42, 0.2)',
                  transition: 'width 150ms ease, background-color 150ms ease',
                  [REDUCED_MOTION]: { transition: 'none' },
                },
                '&:hover::after': { bgcolor: i === index ? category.accent : 'rgba(15, 23, 42, 0.4)' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            aria-live="polite"
            aria-atomic="true"
            variant="body2"
            sx={{
              fontWeight: 600,
              color: 'text.secondary',
              fontVariantNumeric: 'tabular-nums',
              mr: 0.5,
              whiteSpace: 'nowrap',
            }}
          >
            {index + 1} of {count}
          </Typography>
          <IconButton aria-label={`Previous ${name}`} onClick={previous} sx={navButtonSx}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={`Next ${name}`} onClick={next} sx={navButtonSx}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}

const navButtonSx = {
  border: '1px solid',
  borderColor: 'rgba(15, 23, 42, 0.14)',
  bgcolor: 'background.paper',
  color: 'text.primary',
  '&:hover': { bgcolor: 'grey.100', borderColor: 'rgba(15, 23, 42, 0.28)' },
} as const;

/** One item of the track: the artwork and the details; out of view (not `selected`) it is inert and aria-hidden. */
function Slide({
  item,
  category,
  position,
  count,
  selected,
  animated,
  style,
  onOpenBeforeAfter,
  onPrefetch,
}: {
  item: PortfolioItem;
  category: PortfolioCategory;
  position: number;
  count: number;
  selected: boolean;
  animated: boolean;
  style: CSSProperties;
  onOpenBeforeAfter: (item: BeforeAfterItem) => void;
  onPrefetch?: () => void;
}) {
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}: ${item.title}`}
      aria-hidden={selected ? undefined : true}
      inert={!selected}
      style={animated ? style : undefined}
      sx={{
        flex: '0 0 100%',
        minWidth: 0,
        height: '100%',
        display: 'grid',
        gridTemplateColumns: { xs: '100%', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gridTemplateRows: { xs: '232px minmax(0, 1fr)', sm: '280px minmax(0, 1fr)', md: '100%' },
        animation: animated ? `${slideIn} ${TIMING.carouselAnimationMs}ms cubic-bezier(0.2, 0.7, 0.2, 1) both` : 'none',
        [REDUCED_MOTION]: { animation: 'none' },
      }}
    >
      <Box
        sx={{
          background: category.backdrop,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 3, md: 4 },
          minHeight: 0,
        }}
      >
        <Artwork
          {...cardRaster(item.image)}
          // The image column: 100% of the card on phones and tablets, 7/12 of the lg container beside the text.
          sizes="(min-width: 900px) 640px, 100vw"
          alt={item.image.alt}
          width={item.image.width}
          height={item.image.height}
          // The portfolio starts below the hero on every screen: no artwork competes with the first paint.
          // Items out of view load theirs when they are first shown (the card clips them).
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      </Box>
      <ItemDetails
        item={item}
        accent={category.accent}
        position={position}
        onOpenBeforeAfter={onOpenBeforeAfter}
        onPrefetch={onPrefetch}
      />
    </Box>
  );
}

function ItemDetails({
  item,
  accent,
  position,
  onOpenBeforeAfter,
  onPrefetch,
}: {
  item: PortfolioItem;
  accent: string;
  position: number;
  onOpenBeforeAfter: (item: BeforeAfterItem) => void;
  onPrefetch?: () => void;
}) {
  return (
    <Box
      sx={{
        p: { xs: 2.5, sm: 3, md: 5 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: { md: 'center' },
        minHeight: 0,
        minWidth: 0,
      }}
    >
      <Typography
        variant="overline"
        component="p"
        sx={{
          color: 'text.secondary',
          fontWeight: 600,
          letterSpacing: '0.14em',
          lineHeight: 1.5,
          display: { xs: 'none', md: 'block' },
        }}
      >
        Project {String(position).padStart(2, '0')}
      </Typography>
      <Typography
        variant="h5"
        component="h4"
        sx={{ fontWeight: 700, letterSpacing: '-0.01em', fontSize: { xs: '1.2rem', md: '1.6rem' }, mt: { md: 1 } }}
      >
        {item.title}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{
          mt: { xs: 1, md: 2 },
          fontSize: { xs: '0.9375rem', md: '1rem' },
          lineHeight: 1.6,
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: { xs: 3, sm: 4, md: 7 },
          overflow: 'hidden',
        }}
      >
        {item.description}
      </Typography>
      <Box
        component="ul"
        aria-label="Technologies"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: { xs: 1.5, md: 3 },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.75,
          maxHeight: { xs: 64, md: 'none' },
          overflow: 'hidden',
        }}
      >
        {item.technologies.map((t) => (
          <Box
            component="li"
            key={t}
            sx={{
              px: 1.25,
              py: 0.375,
              borderRadius: 99,
              fontSize: '0.8125rem',
              fontWeight: 600,
              lineHeight: 1.6,
              color: accent,
              bgcolor: `${accent}14`,
              border: `1px solid ${accent}29`,
            }}
          >
            {t}
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: { xs: 'auto', md: 4 }, pt: { xs: 2, md: 0 } }}>
        {item.beforeAfter ? (
          <Button
            variant="contained"
            startIcon={<CompareIcon />}
            onClick={() => onOpenBeforeAfter(item)}
            onPointerEnter={onPrefetch}
            onFocus={onPrefetch}
            sx={{ bgcolor: accent, '&:hover': { bgcolor: accent, filter: 'brightness(0.9)' } }}
          >
            View Before/After
          </Button>
        ) : item.link ? (
          <Button
            variant="outlined"
            endIcon={<OpenInNewIcon />}
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            sx={{
              color: accent,
              borderColor: `${accent}66`,
              '&:hover': { borderColor: accent, bgcolor: `${accent}0d` },
            }}
          >
            View Project
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
