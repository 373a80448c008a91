import { useEffect, useState } from 'react';
import { TIMING } from '@studio/domain/constants';
import { api } from '../../../shared/lib/api';

/**
 * New-lead count for the Contact badge (spec §7 GET /api/leads/count): polled
 * every 30 s, no retry, silent on failure (the last good value stays).
 */
export function useNewLeadCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api.get<{ newLeadsCount: number }>('/api/leads/count').then(
        (r) => alive && setCount(r.newLeadsCount),
        () => console.debug('Failed to fetch lead counts'),
      );
    void load();
    const timer = window.setInterval(load, TIMING.leadCountPollMs);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, []);
  return count;
}
