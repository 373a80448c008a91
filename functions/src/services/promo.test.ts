/**
 * redeemPromo against an in-memory Firestore that enforces what the real one
 * does for this code path: batches commit atomically, `create` fails on an
 * existing doc, `update` on a missing one, and a `lastUpdateTime` precondition
 * fails when the doc changed since it was read. Every read and commit yields
 * to the event loop, so concurrent redemptions interleave.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  type Data = Record<string, unknown>;
  const docs = new Map<string, { data: Data; version: number }>();
  let clock = 0;
  const commits = { count: 0, failed: 0 };
  const tick = () => new Promise((r) => setTimeout(r, Math.random() * 3));
  const grpcError = (code: number) => Object.assign(new Error(`grpc ${code}`), { code });

  function ref(path: string) {
    const id = path.split('/').pop()!;
    return {
      id,
      path,
      async get() {
        await tick();
        const d = docs.get(path);
        return { id, ref: ref(path), exists: !!d, data: () => (d ? { ...d.data } : undefined), updateTime: d?.version };
      },
      async create(data: Data) {
        const b = batch();
        b.create(ref(path), data);
        await b.commit();
      },
    };
  }

  type Op = { kind: 'create' | 'update'; path: string; data: Data; lastUpdateTime?: number };
  function batch() {
    const ops: Op[] = [];
    return {
      create(r: { path: string }, data: Data) {
        ops.push({ kind: 'create', path: r.path, data });
      },
      update(r: { path: string }, data: Data, pre?: { lastUpdateTime?: number }) {
        ops.push({ kind: 'update', path: r.path, data, lastUpdateTime: pre?.lastUpdateTime });
      },
      async commit() {
        await tick();
        commits.count++;
        for (const op of ops) {
          const d = docs.get(op.path);
          const fail = op.kind === 'create' ? (d ? 6 : 0) : !d ? 5 : op.lastUpdateTime !== undefined && op.lastUpdateTime !== d.version ? 9 : 0;
          if (fail) {
            commits.failed++;
            throw grpcError(fail);
          }
        }
        const version = ++clock;
        for (const op of ops) {
          const next: Data = op.kind === 'create' ? {} : { ...docs.get(op.path)!.data };
          for (const [k, v] of Object.entries(op.data)) {
            const fv = v as { __op?: string; n?: number };
            next[k] = fv?.__op === 'inc' ? ((next[k] as number) ?? 0) + fv.n! : fv?.__op === 'ts' ? new Date() : v;
          }
          docs.set(op.path, { data: next, version });
        }
      },
    };
  }

  const db = { collection: (name: string) => ({ doc: (id: string) => ref(`${name}/${id}`) }), batch };
  return { db, docs, commits, reset: () => (docs.clear(), (commits.count = 0), (commits.failed = 0)) };
});

vi.mock('firebase-admin/firestore', () => ({
  FieldValue: { increment: (n: number) => ({ __op: 'inc', n }), serverTimestamp: () => ({ __op: 'ts' }) },
}));
vi.mock('../firebase.js', () => ({ db: fake.db, COLLECTIONS: { promoCodes: 'promo_codes' } }));
vi.mock('firebase-functions/v2', () => ({ logger: { error: vi.fn(), info: vi.fn() } }));

const { previewPromo, redeemPromo } = await import('./promo.js');
const { HttpError } = await import('../http.js');

const NOW = new Date('2026-06-01T12:00:00Z');

function seed(code: string, over: Record<string, unknown> = {}) {
  fake.docs.set(`promo_codes/${code}`, {
    version: 0,
    data: {
      code,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmountCents: null,
      maxDiscountAmountCents: null,
      usageLimit: null,
      usedCount: 0,
      isActive: true,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validUntil: null,
      ...over,
    },
  });
}

const used = (code: string) => fake.docs.get(`promo_codes/${code}`)!.data.usedCount;
const orders = () => [...fake.docs.keys()].filter((k) => k.startsWith('orders/'));

/** One create-subscription's redemption: the order goes into the same batch. */
function redeemWithOrder(code: string, n: number) {
  return redeemPromo(code, 50_000, NOW, (batch, r) => {
    batch.create({ path: `orders/o${n}` } as never, { promoCode: r.code, discountCents: r.discountCents } as never);
  });
}

beforeEach(() => fake.reset());

describe('redeemPromo', () => {
  it('50 concurrent redemptions of a 10-use code: exactly 10 win, the rest get 409 and write nothing', async () => {
    seed('LIMIT10', { usageLimit: 10 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => redeemWithOrder('LIMIT10', i)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(HttpError);
      expect(l.reason).toMatchObject({ status: 409, message: 'Promo code usage limit reached' });
    }
    expect(used('LIMIT10')).toBe(10);
    expect(orders()).toHaveLength(10);
    expect(fake.commits.failed).toBeGreaterThan(0); // the race really happened
  });

  it('a code without a limit serves every concurrent caller, counting each once', async () => {
    seed('OPEN');
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => redeemWithOrder('OPEN', i)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(used('OPEN')).toBe(30);
    expect(orders()).toHaveLength(30);
  });

  it('returns the discount and the promo as redeemed', async () => {
    seed('TEN', { usageLimit: 5, usedCount: 2 });
    const r = await redeemPromo('TEN', 50_000, NOW);
    expect(r).toMatchObject({ code: 'TEN', discountCents: 5_000, promo: { usedCount: 3 } });
    expect(used('TEN')).toBe(3);
  });

  it.each([
    ['unknown', null, 404, 'Invalid promo code'],
    ['inactive', { isActive: false }, 409, 'This promo code is not active'],
    ['expired', { validUntil: new Date('2026-05-01T00:00:00Z') }, 409, 'This promo code has expired'],
    ['not yet valid', { validFrom: new Date('2026-07-01T00:00:00Z') }, 409, 'This promo code is not valid yet'],
    ['used up', { usageLimit: 3, usedCount: 3 }, 409, 'Promo code usage limit reached'],
    ['below minimum', { minOrderAmountCents: 60_000 }, 409, 'This promo code needs an order of at least $600.00'],
  ])('%s: refused, nothing written', async (_name, over, status, message) => {
    if (over) seed('CODE', over);
    await expect(redeemWithOrder('CODE', 1)).rejects.toMatchObject({ status, message });
    expect(orders()).toHaveLength(0);
    if (over) expect(used('CODE')).toBe((over as { usedCount?: number }).usedCount ?? 0);
  });

  it('a code deleted mid-redemption ends in 404', async () => {
    seed('GONE', { usageLimit: 10 });
    const p = redeemPromo('GONE', 50_000, NOW, () => fake.docs.delete('promo_codes/GONE'));
    await expect(p).rejects.toMatchObject({ status: 404 });
  });

  it('other commit failures are not retried', async () => {
    seed('BOOM', { usageLimit: 10 });
    const p = redeemPromo('BOOM', 50_000, NOW, (batch) => {
      batch.create({ path: 'promo_codes/BOOM' } as never, {} as never); // ALREADY_EXISTS (6): not a race
    });
    await expect(p).rejects.toMatchObject({ code: 6 });
    expect(used('BOOM')).toBe(0);
  });
});

describe('previewPromo', () => {
  it('checks without redeeming', async () => {
    seed('LOOK', { usageLimit: 1 });
    expect(await previewPromo('LOOK', 50_000, NOW)).toMatchObject({ discountCents: 5_000 });
    expect(used('LOOK')).toBe(0);
    expect(fake.commits.count).toBe(0);
  });
});
