/**
 * Optimistic lead moves for the board: PUT /api/leads/{id} with the
 * status the admin saw (`expectedStatus`); a refusal reverts the card at
 * once and shows the server's reason.
 */
import { useCallback } from 'react';
import type { DeadReason, LeadStatus } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import type { BoardLead } from '../../../shared/data/hooks';
import { useOptimisticStatus } from '../../../shared/lib/useOptimisticStatus';
import { leadReply } from '@studio/domain';

/**
 * How long (ms) an accepted move waits for the board to show it before the
 * live value wins: the board reads the lead_board projection, which the
 * `leads` trigger updates after the lead, a cold start of that function can
 * take seconds.
 */
const BOARD_SETTLE_MS = 15_000;

export interface MoveOptions {
  deadReason?: DeadReason;
  successTitle?: string;
}

export function useLeadMoves(live: BoardLead[]) {
  const toast = useToast();
  const send = useCallback(
    async (lead: BoardLead, to: LeadStatus, opts: MoveOptions = {}) => {
      try {
        await api.put(
          `/api/leads/${lead.id}`,
          { status: to, expectedStatus: lead.status, ...(opts.deadReason ? { deadReason: opts.deadReason } : {}) },
          leadReply,
        );
        toast({ title: opts.successTitle ?? 'Lead updated successfully' });
      } catch (e) {
        toast({ title: 'Move refused', description: errorMessage(e, 'Please try again later.'), severity: 'error' });
        throw e; // the card goes back at once
      }
    },
    [toast],
  );
  const { items, move } = useOptimisticStatus<LeadStatus, BoardLead, MoveOptions>(live, send, BOARD_SETTLE_MS);
  return { leads: items, move };
}
