/**
 * Optimistic status moves over a live list (boards): a move shows at once as
 * a local override, `send` performs it on the server, and the override is
 * dropped when `send` settles (the live listener then shows the truth: the new
 * status, or the old one after a refusal). Returns the overlaid list and
 * `move(item, to, opts?)`; `opts` is passed through to `send`.
 */
import { useCallback, useMemo, useState } from 'react';

export function useOptimisticStatus<S extends string, T extends { id: string; status: S }, O = undefined>(live: T[], send: (item: T, to: S, opts?: O) => Promise<void>) {
  const [overrides, setOverrides] = useState<Record<string, S>>({});

  const items = useMemo(() => {
    if (Object.keys(overrides).length === 0) return live;
    return live.map((i) => (overrides[i.id] && overrides[i.id] !== i.status ? { ...i, status: overrides[i.id]! } : i));
  }, [live, overrides]);

  const move = useCallback(
    async (item: T, to: S, opts?: O) => {
      if (item.status === to) return;
      setOverrides((o) => ({ ...o, [item.id]: to }));
      try {
        await send(item, to, opts);
      } finally {
        setOverrides(({ [item.id]: _dropped, ...rest }) => rest as Record<string, S>);
      }
    },
    [send],
  );

  return { items, move };
}
