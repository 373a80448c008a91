import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The studio's mark and name; used by the top bar, footer and admin bar. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, letterSpacing: '-0.02em', color: inverted ? 'common.white' : 'text.primary' }}
      >
        Studio
      </Typography>
    </Box>
  );
}
