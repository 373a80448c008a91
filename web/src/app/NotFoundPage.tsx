import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Did you forget to add the page to the router?
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Return to Home
      </Button>
    </Container>
  );
}
