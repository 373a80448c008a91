/**
 * Optimistic lead moves for the board (issue 4): a move shows at once as a
 * local override over the live data, is sent as PUT /api/leads/{id} with the
 * status the admin saw (`expectedStatus`), and is reverted with a toast when
 * the server refuses. The override is dropped once the live data agrees.
 */
import { useCallback, useMemo, useState } from 'react';
import type { DeadReason, LeadStatus } from '@studio/domain';
import { api, errorMessage } from '../../lib/api';
import { useToast } from '../../components/Toast';
import type { LeadView } from '../data/hooks';

export interface MoveOptions {
  deadReason?: DeadReason;
  successTitle?: string;
}

export function useLeadMoves(live: LeadView[]) {
  const toast = useToast();
  const [overrides, setOverrides] = useState<Record<string, LeadStatus>>({});

  const leads = useMemo(() => {
    if (Object.keys(overrides).length === 0) return live;
    return live.map((l) => (overrides[l.id] && overrides[l.id] !== l.status ? { ...l, status: overrides[l.id]! } : l));
  }, [live, overrides]);

  const clear = useCallback((id: string) => {
    setOverrides(({ [id]: _dropped, ...rest }) => rest);
  }, []);

  const move = useCallback(
    async (lead: LeadView, to: LeadStatus, opts: MoveOptions = {}) => {
      if (lead.status === to) return;
      setOverrides((o) => ({ ...o, [lead.id]: to }));
      try {
        await api.put(`/api/leads/${lead.id}`, { status: to, expectedStatus: lead.status, ...(opts.deadReason ? { deadReason: opts.deadReason } : {}) });
        toast({ title: opts.successTitle ?? 'Lead updated successfully' });
      } catch (e) {
        toast({ title: 'Move refused', description: errorMessage(e, 'Please try again later.'), severity: 'error' });
      } finally {
        clear(lead.id);
      }
    },
    [toast, clear],
  );

  return { leads, move };
}
