/**
 * The lead details' line on the client portal: whether the lead's address has
 * signed in, and when first (GET /api/leads/{id}/portal-status, admin only).
 */
import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { portalStatusReply, type PortalStatus } from '@studio/domain';
import { api } from '../../../shared/lib/api';

export function PortalSignInStatus({ leadId }: { leadId: string }) {
  const [status, setStatus] = useState<{ leadId: string; value: PortalStatus | null } | null>(null);
  useEffect(() => {
    let alive = true;
    api.get(`/api/leads/${encodeURIComponent(leadId)}/portal-status`, portalStatusReply).then(
      (value) => alive && setStatus({ leadId, value }),
      () => alive && setStatus({ leadId, value: null }),
    );
    return () => {
      alive = false;
    };
  }, [leadId]);
  const shown = status?.leadId === leadId ? status : null;
  const text = !shown
    ? 'Client portal: ...'
    : !shown.value
      ? 'Client portal: status unavailable'
      : shown.value.signedIn && shown.value.signedInAt
        ? `Client portal: signed in on ${new Date(shown.value.signedInAt).toLocaleString('en-US')}`
        : 'Client portal: not signed in yet';
  return (
    <Typography color="text.secondary" data-testid="portal-sign-in-status" sx={{ mt: 1 }}>
      {text}
    </Typography>
  );
}
