/**
 * The board's search box: it filters the pipeline to the leads whose name,
 * email, subject or project type hold every word typed (domain
 * leadMatchesSearch), as the owner types, and the cards highlight what matched
 * (SearchTermsContext). `/` focuses it from anywhere on the page but a field
 * being typed in. The email is on the board's card (lead_board) for this
 * search only: a card does not show it, so nothing is highlighted for it.
 */
import { createContext, memo, useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { searchHighlights } from '@studio/domain';

/** The search's terms (domain searchTerms), for the cards' highlights; none when not searching. */
export const SearchTermsContext = createContext<readonly string[]>([]);

/**
 * `text` with the parts matching `terms` in <mark>; the text itself when there are none. A plain function, not a
 * component: a board renders dozens of cards, and each card stays a few elements (see LeadCardStyles).
 */
export function highlighted(text: string, terms: readonly string[]): ReactNode {
  if (terms.length === 0) return text;
  return searchHighlights(text, terms).map((part, i) =>
    part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
  );
}

/** True when a key press lands in something that takes text (where `/` is a character, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search field, with the `/` shortcut. Memoized: when the cards' highlights catch up with the typing, the
 * search box renders again with the same search, and the field (a dozen styled MUI components) is skipped.
 */
const SearchField = memo(function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingIn(e.target)) return;
      // Not while a dialog is open: the page behind it is out of reach.
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <TextField
      type="search"
      size="small"
      label="Search leads"
      placeholder="Name, email, subject or project type"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && value) {
          e.stopPropagation();
          onChange('');
        }
      }}
      inputRef={input}
      sx={{ maxWidth: { sm: 420 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: !value && (
            <InputAdornment position="end" aria-hidden="true">
              <Box
                component="kbd"
                title="Press / to search"
                sx={{
                  px: 0.75,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  fontSize: 12,
                  color: 'text.secondary',
                }}
              >
                /
              </Box>
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-keyshortcuts': '/' },
      }}
    />
  );
});

/**
 * The search box with its match count: `shown` of `total` leads match
 * `value`. The count carries the search as `data-applied-search`, committed
 * with the board it filters, so a check (tests, the bench) can tell when the
 * board shows a search.
 */
export function BoardSearch({
  value,
  onChange,
  shown,
  total,
}: {
  value: string;
  /** Kept the same function between renders (a state setter), so the field skips the board's commits. */
  onChange(value: string): void;
  shown: number;
  total: number;
}) {
  const searching = value.trim() !== '';
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ alignItems: { sm: 'center' }, gap: { xs: 0.5, sm: 2 }, mb: 2 }}
    >
      <SearchField value={value} onChange={onChange} />
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        data-testid="search-count"
        data-applied-search={value}
      >
        {searching ? `${shown} of ${total} leads match` : ''}
      </Typography>
    </Stack>
  );
}
