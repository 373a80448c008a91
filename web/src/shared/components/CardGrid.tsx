/** The CRM's responsive grid of cards (1 column on phones, up to 4 on wide screens), as a labelled section. */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {children}
    </Box>
  );
}

/** Cards a long list shows at first, and adds on each "Show more". */
export const CARD_PAGE_SIZE = 60;

/**
 * A CardGrid of a list that can hold thousands (every lead, say): the first
 * CARD_PAGE_SIZE cards, then a "Show more" button that adds as many again,
 * so the page renders at once whatever the list's length. Give it a `key`
 * that changes with the list's filters to start again from the top.
 * `noun` names the items in the button ("Show 60 more clients").
 */
export function PagedCardGrid<T>({
  label,
  items,
  noun,
  children: card,
}: {
  label: string;
  items: readonly T[];
  noun: string;
  children: (item: T) => ReactNode;
}) {
  const [shown, setShown] = useState(CARD_PAGE_SIZE);
  const hidden = items.length - shown;
  return (
    <>
      <CardGrid label={label}>{items.slice(0, shown).map(card)}</CardGrid>
      {hidden > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => setShown((n) => n + CARD_PAGE_SIZE)}>
            Show {Math.min(CARD_PAGE_SIZE, hidden)} more {noun} ({hidden} not shown)
          </Button>
        </Box>
      )}
    </>
  );
}
