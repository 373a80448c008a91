/**
 * The lead details' line on the client portal: whether the lead's address has
 * signed in, and when first (GET /api/leads/{id}/portal-status, admin only).
 */
import Typography from '@mui/material/Typography';
import { useAdminQuery } from '../../../shared/data/adminQuery';
import { portalQueries } from '../queries';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';

/**
 * `dates` writes the sign-in's time on the studio's clock (the admin's settings, which this public feature does
 * not import: the lead details pass it).
 */
export function PortalSignInStatus({ leadId, dates }: { leadId: string; dates: StudioDateFormat }) {
  // Another lead's status is never shown (its key differs): it shows as still loading.
  const status = useAdminQuery(portalQueries.status(leadId));
  const shown = status.isPending ? null : { value: status.isError ? null : status.data };
  const text = !shown
    ? 'Client portal: ...'
    : !shown.value
      ? 'Client portal: status unavailable'
      : shown.value.signedIn && shown.value.signedInAt
        ? `Client portal: signed in on ${dates.dayTime(shown.value.signedInAt)}`
        : 'Client portal: not signed in yet';
  return (
    <Typography color="text.secondary" data-testid="portal-sign-in-status" sx={{ mt: 1 }}>
      {text}
    </Typography>
  );
}
