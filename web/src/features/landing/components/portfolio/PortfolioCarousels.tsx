/**
 * Portfolio content of the landing page (spec §2 "Portfolio"): the four
 * category carousels and one shared before/after dialog. No section heading:
 * the landing page wraps this in <Section id="portfolio" title="Portfolio">.
 *
 * Each carousel hydrates when it comes into view (Island). The dialog is a separate chunk, fetched when a "View Before/After" button is
 * hovered or focused, so it costs nothing on first load.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Island } from '../Island';
import { Carousel } from './Carousel';
import { PORTFOLIO, type BeforeAfterItem } from './data';

const loadDialog = () => import('./BeforeAfterDialog');
const BeforeAfterDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog();

/** The four category carousels, in spec order, with the before/after dialog they share. */
export function PortfolioCarousels() {
  const [dialogItem, setDialogItem] = useState<BeforeAfterItem | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = useCallback((item: BeforeAfterItem) => {
    setDialogItem(item);
    setOpen(true);
  }, []);

  return (
    <>
      <Typography color="text.secondary" sx={{ maxWidth: 680, mb: { xs: 5, md: 7 }, fontSize: { md: '1.125rem' } }}>
        Selected work across identity, product, web and app projects. Use the arrows, the dots, your keyboard or a swipe
        to browse each category.
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 8, md: 11 } }}>
        {PORTFOLIO.map((category, i) => (
          // Hydrated when it scrolls into view (its props never change, so it waits dehydrated safely).
          <Island key={category.id} when="visible">
            <Carousel
              category={category}
              number={i + 1}
              onOpenBeforeAfter={openDialog}
              onPrefetchBeforeAfter={prefetchDialog}
            />
          </Island>
        ))}
      </Box>
      {dialogItem && (
        <Suspense fallback={null}>
          <BeforeAfterDialog open={open} item={dialogItem} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
