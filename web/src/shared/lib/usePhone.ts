/**
 * True on a phone-sized viewport: below the theme's `sm` breakpoint, where
 * dialogs go full screen and toasts sit at the top. `noSsr` reads the media
 * query on the first render (for what mounts only in the browser).
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export function usePhone(options?: { noSsr?: boolean }): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'), options);
}
