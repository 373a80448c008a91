/**
 * Optimistic status moves over a live list (boards): a move shows at once as
 * a local override and `send` performs it on the server, throwing when the
 * server refuses (after telling the user). A refused move drops the override
 * at once (the live listener shows the old status again). An accepted one
 * keeps it until the listener delivers the new status, so the card never
 * jumps back for the moment between the HTTP reply and the snapshot; after
 * `settleMs` (default SETTLE_MS) without that snapshot (someone else moved
 * it meanwhile) the live value wins. Returns the overlaid list and
 * `move(item, to, opts?)`, which resolves to whether the server accepted;
 * `opts` is passed through to `send`.
 *
 * Moves of one item reach the server one after another (MoveQueue): `send`
 * gets the item with the status the earlier moves left, not the one shown,
 * so a quick second move is neither refused for racing the first nor
 * applied before it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MoveQueue } from './moveQueue';

/** How long an accepted move may wait for its snapshot before the live value wins (ms). */
export const SETTLE_MS = 5_000;

interface Override<S> {
  to: S;
  /** When the server accepted the move (ms since epoch); undefined while in flight. */
  acceptedAt?: number;
}

export function useOptimisticStatus<S extends string, T extends { id: string; status: S }, O = undefined>(
  live: T[],
  send: (item: T, to: S, opts?: O) => Promise<void>,
  settleMs: number = SETTLE_MS,
) {
  const [overrides, setOverrides] = useState<Record<string, Override<S>>>({});
  const [queue] = useState(() => new MoveQueue<S>());

  const items = useMemo(() => {
    if (Object.keys(overrides).length === 0) return live;
    return live.map((i) => {
      const o = overrides[i.id];
      return o && o.to !== i.status ? { ...i, status: o.to } : i;
    });
  }, [live, overrides]);

  // Drop accepted overrides once the live list agrees, or once they are older than SETTLE_MS.
  useEffect(() => {
    const byId = new Map(live.map((i) => [i.id, i.status]));
    const done = Object.entries(overrides).filter(
      ([id, o]) => o.acceptedAt !== undefined && (byId.get(id) === o.to || !byId.has(id)),
    );
    const pending = Object.values(overrides).filter((o) => o.acceptedAt !== undefined);
    if (done.length > 0) {
      setOverrides((cur) => {
        const next = { ...cur };
        for (const [id, o] of done) if (next[id] === o) delete next[id];
        return next;
      });
      return;
    }
    if (pending.length === 0) return;
    const oldest = Math.min(...pending.map((o) => o.acceptedAt!));
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setOverrides((cur) =>
          Object.fromEntries(
            Object.entries(cur).filter(([, o]) => o.acceptedAt === undefined || now - o.acceptedAt < settleMs),
          ),
        );
      },
      Math.max(0, oldest + settleMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [live, overrides, settleMs]);

  const move = useCallback(
    async (item: T, to: S, opts?: O): Promise<boolean> => {
      if (item.status === to) return true;
      const mine: Override<S> = { to };
      setOverrides((o) => ({ ...o, [item.id]: mine }));
      const settle = (accepted: boolean) =>
        setOverrides((cur) => {
          if (cur[item.id] !== mine) return cur; // a newer move of this item took over
          const { [item.id]: _dropped, ...rest } = cur;
          return accepted ? { ...rest, [item.id]: { to, acceptedAt: Date.now() } } : rest;
        });
      const accepted = await queue.run(item.id, item.status, to, (from) => send({ ...item, status: from }, to, opts));
      settle(accepted);
      return accepted;
    },
    [send, queue],
  );

  return { items, move };
}
