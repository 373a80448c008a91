import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Logo } from '../shared/components/Logo';
import { TopBar } from '../features/landing/components/TopBar';

/** Frame of every public page: fixed top bar, content, footer (spec §2). */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1, pt: 8 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ bgcolor: '#0f172a', color: 'grey.400', py: 5 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Logo inverted />
          <Typography variant="body2">© {new Date().getFullYear()} Studio. All rights reserved.</Typography>
        </Container>
      </Box>
    </Box>
  );
}
