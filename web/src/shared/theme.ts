/**
 * The one MUI theme of the site and the CRM.
 *
 * Status colours (success, warning, info, error) are the darker shades of the
 * same hues, chosen so that both white text on the colour (contained chips,
 * badges, buttons) and the colour as text on white or grey.50 (outlined chips,
 * captions) reach WCAG AA's 4.5:1; their `dark` shades reach 7:1. MUI's
 * defaults (#ed6c02, #0288d1) and our former success green (#16a34a) fall
 * between 3:1 and 3.9:1.
 */
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#4338ca', dark: '#312e81', light: '#818cf8', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    success: { main: '#15803d', dark: '#166534', light: '#4ade80', contrastText: '#ffffff' },
    warning: { main: '#c2410c', dark: '#9a3412', light: '#fb923c', contrastText: '#ffffff' },
    info: { main: '#0369a1', dark: '#075985', light: '#38bdf8', contrastText: '#ffffff' },
    error: { main: '#dc2626', dark: '#b91c1c', light: '#f87171', contrastText: '#ffffff' },
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.03em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Spacing as CSS gap, not margins on the children: a row that wraps (chips, buttons) starts its
    // second line at the left edge instead of indented by the spacing.
    MuiStack: { defaultProps: { useFlexGap: true } },
  },
});
