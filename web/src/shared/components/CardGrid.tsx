/** The CRM's responsive grid of cards (1 column on phones, up to 4 on wide screens), as a labelled section. */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

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

/**
 * One card of a CardGrid, as an article named `label`: its title an h2 that
 * wraps anywhere, with an optional `badge` (a status chip) beside it, then
 * the body as a column; `actions` sit in the card's footer.
 */
export function GridCard({
  label,
  testId,
  title,
  badge,
  actions,
  children,
}: {
  label: string;
  testId: string;
  title: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      component="article"
      aria-label={label}
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {title}
          </Typography>
          {badge}
        </Stack>
        {children}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2 }}>{actions}</CardActions>}
    </Card>
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
