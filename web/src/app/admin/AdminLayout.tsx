/**
 * Admin navigation bar (spec §2 "Admin navigation"): links with the active one
 * highlighted, and Logout (POST /api/auth/logout, then back to /admin/login).
 */
import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import LogoutIcon from '@mui/icons-material/Logout';
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

export function AdminLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    // Spec §8: a failed logout shows no message; the local sign-out still happens.
    const revoked = await api.post('/api/auth/logout', {}, loggedOutReply).then(
      () => true,
      () => false,
    );
    expectSignOut();
    await signOutAndForget();
    if (revoked) toast({ title: 'Logged out successfully' });
    navigate('/admin/login');
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: '#1e1b4b', position: { xs: 'static', md: 'sticky' } }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 1, md: 0 } }}>
          <Logo inverted />
          <Box
            component="nav"
            aria-label="Admin"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, flexGrow: 1, ml: 2 }}
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
                sx={{ opacity: 0.8, '&.active': { opacity: 1, bgcolor: 'rgba(255,255,255,0.16)' } }}
              >
                {l.label}
              </Button>
            ))}
          </Box>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout} disabled={busy}>
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
