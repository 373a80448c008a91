/**
 * Landing page (spec §2): sections home, portfolio, about, ai-automation,
 * skills and contact. A URL hash scrolls to its section after 100 ms. Below
 * the hero, each section hydrates only when it comes near the viewport
 * (Island), so the first hydration stays small.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useInView } from 'react-intersection-observer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TIMING } from '@studio/domain/constants';
import Skeleton from '@mui/material/Skeleton';
import { Island } from './Island';
import { Section } from './Section';
import { BackgroundShapes } from './BackgroundShapes';
import { PortfolioCarousels } from './portfolio/PortfolioCarousels';

// The form (react-hook-form + zod) is its own chunk: the landing's first paint does not wait for it.
const ContactForm = lazy(() => import('./ContactForm'));

/** How far below the viewport the contact section starts loading its form (px, CSS margin syntax). */
const CONTACT_FORM_MARGIN = '600px 0px';

/**
 * The contact form, loaded and rendered once its place comes within
 * CONTACT_FORM_MARGIN of the viewport (or is scrolled to by #contact): its
 * code and render stay off the main thread while the page first loads. The
 * prerendered page and the first client render both show the placeholder.
 */
function DeferredContactForm() {
  const { ref, inView } = useInView({ rootMargin: CONTACT_FORM_MARGIN, triggerOnce: true });
  // A progressbar: the placeholder needs a role to carry its name.
  const placeholder = (
    <Skeleton
      variant="rounded"
      height={520}
      sx={{ maxWidth: 720 }}
      role="progressbar"
      aria-label="Loading the contact form"
    />
  );
  return (
    <div ref={ref}>
      {inView ? (
        <Suspense fallback={placeholder}>
          <ContactForm />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, TIMING.hashScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

export function LandingPage() {
  useHashScroll();
  const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  return (
    <>
      {/* The first hydration covers the top bar and the hero; the rest hydrates when needed (Island). */}
      <Island when="idle">
        <BackgroundShapes />
      </Island>
      <Box
        component="section"
        id="home"
        sx={{
          scrollMarginTop: 64,
          color: 'common.white',
          background: 'radial-gradient(circle at 20% 20%, #4338ca 0%, #1e1b4b 55%, #0f172a 100%)',
          py: { xs: 10, md: 16 },
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="overline" sx={{ color: 'primary.light', letterSpacing: 2 }}>
            Design · Development · AI automation
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.5rem', md: '4rem' }, maxWidth: 820, my: 2 }}>
            Brands, products and websites that work as hard as you do.
          </Typography>
          <Typography variant="h6" component="p" sx={{ color: 'grey.300', maxWidth: 640, mb: 5, fontWeight: 400 }}>
            A designer-developer studio with 20+ years of experience, from the first sketch to launch and beyond.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button size="large" variant="contained" onClick={() => scrollTo('portfolio')}>
              View Portfolio
            </Button>
            <Button size="large" variant="outlined" color="inherit" onClick={() => scrollTo('contact')}>
              Get in Touch
            </Button>
          </Stack>
        </Container>
      </Box>
      {/* Each carousel is an island of its own (PortfolioCarousels). */}
      <Section id="portfolio" title="Portfolio">
        <PortfolioCarousels />
      </Section>
      <Island when="visible">
        <Section id="about" title="About" tint>
          <Typography sx={{ maxWidth: 760 }} color="text.secondary">
            For more than 20 years I have designed identities, products and websites for small businesses and growing
            teams. One person from brief to launch means fewer hand-offs, faster decisions and a site you can actually
            run.
          </Typography>
        </Section>
      </Island>
      <Island when="visible">
        <Section id="ai-automation" title="AI Automation">
          <Typography sx={{ maxWidth: 760 }} color="text.secondary">
            Answer enquiries, qualify leads and move data between your tools automatically, with people kept in the loop
            where it matters.
          </Typography>
        </Section>
      </Island>
      <Island when="visible">
        <Section id="skills" title="Skills" tint>
          <Typography sx={{ maxWidth: 760 }} color="text.secondary">
            Brand identity · Product and UX design · React and TypeScript · Firebase and serverless back ends · Payments
            · AI integrations
          </Typography>
        </Section>
      </Island>
      <Island when="visible" margin={CONTACT_FORM_MARGIN}>
        <Section id="contact" title="Contact">
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
            Tell me about your project. I respond within 24 hours.
          </Typography>
          <DeferredContactForm />
        </Section>
      </Island>
    </>
  );
}
