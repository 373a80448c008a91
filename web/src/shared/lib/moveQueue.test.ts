import { describe, expect, it } from 'vitest';
import { MoveQueue } from './moveQueue';

/** A send the test answers by hand: resolve or reject each call in turn. */
function manualSend() {
  const calls: Array<{ from: string; resolve: () => void; reject: (e: Error) => void }> = [];
  const send = (from: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ from, resolve, reject });
    });
  return { calls, send };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('MoveQueue', () => {
  it('sends a second move of an item only after the first settles, expecting the status the first left', async () => {
    const q = new MoveQueue<string>();
    const { calls, send } = manualSend();
    const first = q.run('lead-1', 'Set Up', 'Production', send);
    const second = q.run('lead-1', 'Production', 'Complete', send);
    await tick();
    expect(calls.map((c) => c.from)).toEqual(['Set Up']); // the second waits
    calls[0]!.resolve();
    await expect(first).resolves.toBe(true);
    await tick();
    expect(calls.map((c) => c.from)).toEqual(['Set Up', 'Production']);
    calls[1]!.resolve();
    await expect(second).resolves.toBe(true);
  });

  it('expects the status before a refused move, and sends nothing when that is already the target', async () => {
    const q = new MoveQueue<string>();
    const { calls, send } = manualSend();
    const refused = q.run('lead-1', 'Contacted', 'Set Up', send);
    const next = q.run('lead-1', 'Set Up', 'Quoted', send);
    const back = q.run('lead-1', 'Quoted', 'Contacted', send);
    await tick();
    calls[0]!.reject(new Error('409'));
    await expect(refused).resolves.toBe(false);
    await tick();
    expect(calls[1]!.from).toBe('Contacted');
    calls[1]!.reject(new Error('409'));
    await expect(next).resolves.toBe(false);
    // The lead is still in Contacted: moving it there sends nothing.
    await expect(back).resolves.toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('runs moves of different items side by side', async () => {
    const q = new MoveQueue<string>();
    const { calls, send } = manualSend();
    void q.run('a', 'New', 'Contacted', send);
    void q.run('b', 'New', 'Quoted', send);
    await tick();
    expect(calls).toHaveLength(2);
  });
});
