/** A landing page section: anchor id (the URL hash), heading, optional tint. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export function Section({
  id,
  title,
  children,
  tint = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tint?: boolean;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64, bgcolor: tint ? 'grey.50' : undefined }}
    >
      <Container maxWidth="lg">
        <Typography id={`${id}-title`} variant="h3" component="h2" sx={{ mb: 4 }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
