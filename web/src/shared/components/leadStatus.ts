/** How a lead status is coloured wherever the CRM shows it as a chip (client list, invoicing). */
import type { ChipProps } from '@mui/material/Chip';
import type { LeadStatus } from '@studio/domain';

export const LEAD_STATUS_COLORS: Partial<Record<LeadStatus, ChipProps['color']>> = {
  New: 'primary',
  Contacted: 'info',
  Quoted: 'secondary',
  Deposit: 'warning',
  'Set Up': 'info',
  Production: 'info',
  Launch: 'secondary',
  Complete: 'success',
  Won: 'success',
  Lost: 'default',
  'Payment Failed': 'error',
  'Subscription Expired': 'warning',
};
