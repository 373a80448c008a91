/** How the email pages show an outbox entry's status (domain OUTBOX_STATUSES). */
import type { ChipProps } from '@mui/material/Chip';
import type { OutboxStatus } from '@studio/domain';

/** The status chip's color: SKIPPED (over its recipient limit, deliberately not sent) is a warning, not an error. */
export const OUTBOX_STATUS_COLORS: Record<OutboxStatus, ChipProps['color']> = {
  PENDING: 'default',
  PROCESSING: 'info',
  SUCCESS: 'success',
  ERROR: 'error',
  SKIPPED: 'warning',
};
