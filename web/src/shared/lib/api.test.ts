import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, ReplyShapeError } from './api';

const reply = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('resolves to the reply parsed by the given schema', async () => {
    vi.stubGlobal('fetch', reply(200, { count: 3, extra: true }));
    await expect(api.get('/api/x', z.object({ count: z.number() }))).resolves.toEqual({ count: 3 });
  });

  it('throws ReplyShapeError when the reply does not match', async () => {
    vi.stubGlobal('fetch', reply(200, { count: 'three' }));
    await expect(api.get('/api/x', z.object({ count: z.number() }))).rejects.toBeInstanceOf(ReplyShapeError);
  });

  it('throws ApiError with the server message on a non-2xx reply, before any parsing', async () => {
    vi.stubGlobal('fetch', reply(400, { error: 'Validation failed', fields: { name: 'Name is required' } }));
    const e = await api.post('/api/x', {}, z.object({ ok: z.boolean() })).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, serverMessage: 'Validation failed', fields: { name: 'Name is required' } });
  });

  it('gives a call without a reply parser the reply as unknown, and no way to type it', async () => {
    vi.stubGlobal('fetch', reply(200, { success: true }));
    const r: unknown = await api.post('/api/x', {});
    expect(r).toEqual({ success: true });
    // @ts-expect-error: a reply type needs a parser that checks it (tsc -p web)
    await api.post<{ success: boolean }>('/api/x', {});
    // @ts-expect-error: so does a GET's
    await api.get<{ count: number }>('/api/x');
  });
});
