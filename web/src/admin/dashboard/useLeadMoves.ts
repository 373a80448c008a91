/**
 * Optimistic lead moves for the board (issue 4): PUT /api/leads/{id} with the
 * status the admin saw (`expectedStatus`); a refusal reverts the card and
 * shows the server's reason.
 */
import { useCallback } from 'react';
import type { DeadReason, LeadStatus } from '@studio/domain';
import { api, errorMessage } from '../../lib/api';
import { useToast } from '../../components/Toast';
import type { BoardLead } from '../data/hooks';
import { useOptimisticStatus } from '../data/useOptimisticStatus';

export interface MoveOptions {
  deadReason?: DeadReason;
  successTitle?: string;
}

export function useLeadMoves(live: BoardLead[]) {
  const toast = useToast();
  const send = useCallback(
    async (lead: BoardLead, to: LeadStatus, opts: MoveOptions = {}) => {
      try {
        await api.put(`/api/leads/${lead.id}`, { status: to, expectedStatus: lead.status, ...(opts.deadReason ? { deadReason: opts.deadReason } : {}) });
        toast({ title: opts.successTitle ?? 'Lead updated successfully' });
      } catch (e) {
        toast({ title: 'Move refused', description: errorMessage(e, 'Please try again later.'), severity: 'error' });
      }
    },
    [toast],
  );
  const { items, move } = useOptimisticStatus<LeadStatus, BoardLead, MoveOptions>(live, send);
  return { leads: items, move };
}
