/**
 * Status moves of one item, run one after another (the boards' optimistic
 * moves, useOptimisticStatus). The server checks each move against the status
 * the admin saw (`expectedStatus`), so a second move sent while the first is
 * still on its way would be refused for a status the first had not written
 * yet, and the two could land in either order. Queued per item, each move
 * waits for the one before it and expects the status that one left: its
 * target when the server accepted it, the status before it when refused.
 */
export class MoveQueue<S> {
  /** Per item id, the last queued move: resolves to the status it leaves on the server. */
  private readonly tails = new Map<string, Promise<S>>();

  /**
   * Runs `send(from)` for the move of item `id` to `to`, after the item's
   * earlier moves; `from` is the status they leave (`status`, the item's
   * status now, when none is queued). A move whose `from` already is `to`
   * sends nothing. Resolves to whether the move stands (false when `send`
   * rejects); never rejects.
   */
  run(id: string, status: S, to: S, send: (from: S) => Promise<void>): Promise<boolean> {
    const before = this.tails.get(id);
    let leaves = status;
    const done = (async () => {
      const from = before ? await before : status;
      leaves = from;
      if (from === to) return true;
      try {
        await send(from);
        leaves = to;
        return true;
      } catch {
        return false;
      }
    })();
    const tail = done.then(() => leaves);
    this.tails.set(id, tail);
    void tail.then(() => {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return done;
  }
}
