/**
 * A table that scrolls sideways inside its own box on a narrow screen, never
 * the page: the box is keyboard-focusable (a scrollable region must be, WCAG
 * 2.1.1) and named after its table.
 */
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';

export function ScrollTable({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="group" aria-label={`${label} (scrolls)`} sx={sx}>
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}
