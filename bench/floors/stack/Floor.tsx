/**
 * The landing's stack floor (bench only, never shipped): the providers the
 * landing hydrates under (StrictMode, the site's one MUI theme, CssBaseline)
 * around a heading, a line of text and one interactive Button. Whatever the
 * landing costs beyond this page is the landing's own code.
 */
import { StrictMode, useState } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../web/src/shared/theme';

export function Floor() {
  const [clicks, setClicks] = useState(0);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Container component="main" sx={{ py: 8 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.5rem', md: '4rem' } }}>
            Design and development studio
          </Typography>
          <Typography sx={{ my: 3 }} color="text.secondary">
            Brand, product, web and AI automation. This page is the bench's stack floor: React and MUI, prerendered,
            hydrating one button.
          </Typography>
          <Button variant="contained" size="large" onClick={() => setClicks((c) => c + 1)}>
            {clicks === 0 ? 'Get in touch' : `Clicked ${clicks}`}
          </Button>
        </Container>
      </ThemeProvider>
    </StrictMode>
  );
}
