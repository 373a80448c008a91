/**
 * The lead details' "Invite to portal": asks the server to email the lead a
 * sign-in link to /portal (POST /api/leads/{id}/portal-invite, admin only;
 * written in the lead's history), then says so in a toast.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import { portalInviteReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';

export function InviteToPortalButton({ leadId }: { leadId: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const invite = async () => {
    setBusy(true);
    try {
      const sent = await api.post(`/api/leads/${encodeURIComponent(leadId)}/portal-invite`, {}, portalInviteReply);
      toast({ title: sent.message, description: `A sign-in link was sent to ${sent.email}.`, severity: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'The invitation could not be sent.'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void invite()} disabled={busy}>
      {busy ? 'Sending...' : 'Invite to portal'}
    </Button>
  );
}
