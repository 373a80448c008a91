/**
 * The board's "needs attention" legend and its setting: a line
 * saying which cards carry the ⚑ flag, and a Change button opening a small
 * dialog where the owner sets the threshold (1–90 days). A valid number
 * applies at once; the value is kept in this browser (see boardSettings).
 */
import { memo, useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import { ATTENTION_AFTER_DAYS, ATTENTION_DAYS_RANGE, parseAttentionDays } from '@studio/domain';

const { min, max } = ATTENTION_DAYS_RANGE;

export const AttentionSetting = memo(function AttentionSetting({
  days,
  onChange,
}: {
  days: number;
  onChange(days: number | null): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState(String(days));
  const titleId = useId();
  const valid = parseAttentionDays(draft) != null;

  const open = (el: HTMLElement) => {
    setDraft(String(days));
    setAnchor(el);
  };
  const close = () => setAnchor(null);
  const edit = (text: string) => {
    setDraft(text);
    const parsed = parseAttentionDays(text);
    if (parsed != null) onChange(parsed);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) close();
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mb: 1 }}>
      <Typography variant="body2" color="text.secondary" data-testid="attention-legend" sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ color: 'warning.dark', fontWeight: 700 }} aria-hidden>
          ⚑{' '}
        </Box>
        Needs attention: open leads unchanged for {days} {days === 1 ? 'day' : 'days'} or more
      </Typography>
      {/* A labelled button rather than an icon with a tooltip: readable on touch screens, and the board's first load skips MUI's Tooltip and Popper chunks. */}
      <Button
        size="small"
        startIcon={<TuneIcon fontSize="small" />}
        aria-label="Change needs-attention days"
        aria-haspopup="dialog"
        onClick={(e) => open(e.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        Change
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Box component="form" noValidate onSubmit={submit}>
          <Typography id={titleId} variant="subtitle1" component="h2" fontWeight={700}>
            Needs attention
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Flag open leads that have not changed for this many days. Saved in this browser.
          </Typography>
          <TextField
            autoFocus
            size="small"
            type="number"
            label="Needs attention after (days)"
            value={draft}
            onChange={(e) => edit(e.target.value)}
            error={!valid}
            helperText={
              valid
                ? `${min} to ${max} days; default ${ATTENTION_AFTER_DAYS}`
                : `Enter a whole number from ${min} to ${max}`
            }
            slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button
              disabled={days === ATTENTION_AFTER_DAYS && draft === String(ATTENTION_AFTER_DAYS)}
              onClick={() => {
                onChange(null);
                setDraft(String(ATTENTION_AFTER_DAYS));
              }}
            >
              Reset to {ATTENTION_AFTER_DAYS}
            </Button>
            <Button type="submit" variant="contained" disabled={!valid}>
              Done
            </Button>
          </Stack>
        </Box>
      </Popover>
    </Stack>
  );
});
