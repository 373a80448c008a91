/**
 * Admin navigation bar (spec §2 "Admin navigation"): links with the active one
 * highlighted, and Logout (POST /api/auth/logout, then back to /admin/login).
 * Below the `sm` breakpoint (600 px) the links fold behind a Menu button and
 * open as a list under the bar (a disclosure: the same links, closed again by
 * a navigation), so the bar never wraps into several rows on a phone.
 */
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { api } from '../../shared/lib/api';
import { Logo } from '../../shared/components/Logo';
import { useToast } from '../../shared/components/Toast';
import { ADMIN_LINKS, type AdminPage } from './lazyPages';
import { expectSignOut, signOutAndForget } from '../../features/auth/session';
import { loggedOutReply } from '@studio/domain';

/** Starts downloading the lazy page behind an admin link (errors show when the page renders). */
function preload(page: AdminPage) {
  page.preload().catch(() => undefined);
}

/** The admin pages' frame: the navigation bar (a menu on phones) above the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // The phone menu, open for the path it was opened on: a navigation closes it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  const logout = async () => {
    setBusy(true);
    // Before the server ends the session: this tab's own revocation, seen live, is not one made elsewhere.
    expectSignOut();
    // Spec §8: a failed logout shows no message; the local sign-out still happens.
    const revoked = await api.post('/api/auth/logout', {}, loggedOutReply).then(
      () => true,
      () => false,
    );
    expectSignOut(); // again: the grace counts from the sign-out, however long the request took
    await signOutAndForget();
    if (revoked) toast({ title: 'Logged out successfully' });
    navigate('/admin/login');
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: '#1e1b4b', position: { xs: 'static', md: 'sticky' } }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 1, md: 0 } }}>
          <Logo inverted />
          <IconButton
            color="inherit"
            aria-label="Menu"
            aria-controls="admin-nav"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            sx={{ display: { sm: 'none' }, order: 1 }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
          <Box
            component="nav"
            id="admin-nav"
            aria-label="Admin"
            sx={{
              display: { xs: menuOpen ? 'flex' : 'none', sm: 'flex' },
              flexDirection: { xs: 'column', sm: 'row' },
              flexWrap: 'wrap',
              gap: 0.5,
              flexGrow: 1,
              // On phones the open list takes a row of its own under the bar.
              flexBasis: { xs: '100%', sm: 'auto' },
              order: { xs: 3, sm: 0 },
              ml: { sm: 2 },
              pb: { xs: 1, sm: 0 },
            }}
          >
            {ADMIN_LINKS.map((l) => (
              <Button
                key={l.to}
                component={NavLink}
                to={l.to}
                // Hovering or focusing a link starts downloading its page.
                onMouseEnter={() => preload(l.page)}
                onFocus={() => preload(l.page)}
                color="inherit"
                size="small"
                sx={{
                  opacity: 0.8,
                  justifyContent: { xs: 'flex-start', sm: 'center' },
                  '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.16)' },
                }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1, display: { sm: 'none' } }} />
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout} disabled={busy} sx={{ order: 2 }}>
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
