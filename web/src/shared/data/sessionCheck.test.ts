import { afterEach, describe, expect, it } from 'vitest';
import { sessionEnded, setSessionCheck, unlessSessionEnded } from './sessionCheck';

/** Lets pending promise callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
});

describe('a refused live read after the session ended', () => {
  it('is not shown as an error when the check says the session ended', async () => {
    unregister = setSessionCheck(async () => true);
    const shown: unknown[] = [];
    unlessSessionEnded((e) => shown.push(e))({ code: 'permission-denied' });
    await settle();
    expect(shown).toEqual([]);
  });

  it('is shown when the session is still good, or the check fails, or nothing is registered', async () => {
    const shown: unknown[] = [];
    const handler = unlessSessionEnded((e) => shown.push(e));
    unregister = setSessionCheck(async () => false);
    handler({ code: 'permission-denied' });
    await settle();
    unregister();
    unregister = setSessionCheck(() => Promise.reject(new Error('offline')));
    handler({ code: 'permission-denied' });
    await settle();
    unregister();
    unregister = null;
    handler({ code: 'permission-denied' });
    await settle();
    expect(shown).toHaveLength(3);
  });

  it('any other error shows at once, without a check', async () => {
    let checks = 0;
    unregister = setSessionCheck(async () => {
      checks++;
      return true;
    });
    const shown: unknown[] = [];
    unlessSessionEnded((e) => shown.push(e))({ code: 'unavailable' });
    expect(shown).toEqual([{ code: 'unavailable' }]);
    expect(checks).toBe(0);
  });

  it('listeners refused together share one check', async () => {
    let checks = 0;
    let answer: (ended: boolean) => void = () => undefined;
    unregister = setSessionCheck(() => {
      checks++;
      return new Promise<boolean>((r) => (answer = r));
    });
    const all = [sessionEnded(), sessionEnded(), sessionEnded()];
    answer(true);
    expect(await Promise.all(all)).toEqual([true, true, true]);
    expect(checks).toBe(1);
    // A later refusal checks again.
    const again = sessionEnded();
    answer(false);
    expect(await again).toBe(false);
    expect(checks).toBe(2);
  });

  it('an unregistered check is not used, and unregistering an older one keeps the newer', async () => {
    const older = setSessionCheck(async () => true);
    unregister = setSessionCheck(async () => false);
    older();
    expect(await sessionEnded()).toBe(false);
  });
});
