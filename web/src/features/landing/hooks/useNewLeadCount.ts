import { useEffect, useState } from 'react';
import { TIMING } from '@studio/domain/constants';
import { api, type ReplyParser } from '../../../shared/lib/api';

/**
 * GET /api/leads/count's reply `{ newLeadsCount }`: checked by hand, since
 * zod stays out of the landing's initial JS.
 */
const newLeadCountReply: ReplyParser<number> = {
  parse(data) {
    const n = (data as { newLeadsCount?: unknown } | null)?.newLeadsCount;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new TypeError('newLeadsCount is not a count');
    return n;
  },
};

/**
 * New-lead count for the Contact badge (spec §7 GET /api/leads/count): polled
 * every 30 s, no retry, silent on failure (the last good value stays).
 */
export function useNewLeadCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api.get('/api/leads/count', newLeadCountReply).then(
        (n) => alive && setCount(n),
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
