/**
 * Fixed top bar (spec §2 "Public navigation"): section links that scroll (or go
 * to /#section from other pages), Payments → /cart, My Project, and a mobile
 * menu. The Contact link carries a green badge with the new-lead count.
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { Logo } from '../../../shared/components/Logo';
import { MountWhenOpened } from '../../../shared/components/MountWhenOpened';
import { lazyNamed } from '../../../shared/lib/lazyNamed';
import { AccessProjectDialog } from '../../my-project';
import { NAV_SECTIONS, SECTIONS, type SectionId } from '../sections';
import { useNewLeadCount } from '../hooks/useNewLeadCount';

// Fetched on the first click of My Project: the landing's first paint does not carry the dialog's form code.
const MobileMenu = lazyNamed(() => import('./MobileMenu'), 'MobileMenu');

function labelOf(id: SectionId): string {
  return SECTIONS.find((s) => s.id === id)!.label;
}

export function TopBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => setMenuWanted(true);
  const closeMenu = () => setMenuOpen(false);
  const [accessOpen, setAccessOpen] = useState(false);
  const newLeads = useNewLeadCount();

  const goTo = (id: SectionId) => {
    setMenuOpen(false);
    if (location.pathname === '/') {
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
      window.history.replaceState(null, '', `#${id}`);
    } else {
      navigate(`/#${id}`);
    }
  };

  const sectionName = (id: SectionId) =>
    id === 'contact' && newLeads > 0 ? `Contact, ${newLeads} new leads` : labelOf(id);
  const sectionLabel = (id: SectionId) =>
    id === 'contact' && newLeads > 0 ? (
      <Badge
        badgeContent={newLeads}
        color="success"
        aria-label={sectionName(id)}
        sx={{ mr: 2.5, '& .MuiBadge-badge': { right: -10, bgcolor: 'success.dark' } }}
      >
        Contact
      </Badge>
    ) : (
      labelOf(id)
    );

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)', bgcolor: 'rgba(255,255,255,0.9)' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label="Studio home"
            sx={{ display: 'flex', alignItems: 'center', mr: 2, color: 'inherit', textDecoration: 'none' }}
          >
            <Logo />
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {NAV_SECTIONS.map((id) => (
              <Button key={id} color="inherit" onClick={() => goTo(id)}>
                {sectionLabel(id)}
              </Button>
            ))}
            <Button color="inherit" component={RouterLink} to="/cart">
              Payments
            </Button>
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <Button variant="contained" onClick={() => setAccessOpen(true)}>
            My Project
          </Button>
          <IconButton
            aria-label="Open menu"
            aria-controls="mobile-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            onPointerEnter={wantMenu}
            onTouchStart={wantMenu}
            onFocus={wantMenu}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {/* Mounted (closed) as soon as the menu button is approached, so the first open slides in. */}
      <MountWhenOpened open={menuOpen || menuWanted}>
        <MobileMenu
          open={menuOpen}
          onClose={closeMenu}
          onSection={goTo}
          sectionLabel={sectionLabel}
          sectionName={sectionName}
        />
      </MountWhenOpened>
      <MountWhenOpened open={accessOpen}>
        <AccessProjectDialog open={accessOpen} onClose={() => setAccessOpen(false)} />
      </MountWhenOpened>
    </AppBar>
  );
}
