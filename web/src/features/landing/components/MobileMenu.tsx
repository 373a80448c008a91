/**
 * The top bar's menu on small screens (spec §2 "Public navigation"): the
 * section links and Payments in a drawer from the right. A chunk of its own
 * (Drawer brings Modal, the focus trap and the slide transition), which the
 * top bar loads when the menu button is approached or first pressed, so the
 * landing page's first load does not carry it.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NAV_SECTIONS, type SectionId } from '../sections';

export interface MobileMenuProps {
  open: boolean;
  onClose(): void;
  /** Called with the section picked; the top bar closes the menu and scrolls (or navigates) there. */
  onSection(id: SectionId): void;
  /** A section's label as the top bar shows it (Contact carries the new-lead badge). */
  sectionLabel(id: SectionId): ReactNode;
  /** The same as text, the link's accessible name ("Contact, 3 new leads"). */
  sectionName(id: SectionId): string;
}

export function MobileMenu({ open, onClose, onSection, sectionLabel, sectionName }: MobileMenuProps) {
  return (
    <Drawer
      id="mobile-menu"
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Menu' } }}
    >
      {/* A nav of link buttons (not a list of items), as MUI's navigation lists. */}
      <List component="nav" sx={{ width: 260 }} aria-label="Mobile">
        {NAV_SECTIONS.map((id) => (
          <ListItemButton key={id} aria-label={sectionName(id)} onClick={() => onSection(id)}>
            <ListItemText primary={sectionLabel(id)} />
          </ListItemButton>
        ))}
        <ListItemButton component={RouterLink} to="/cart" onClick={onClose}>
          <ListItemText primary="Payments" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
