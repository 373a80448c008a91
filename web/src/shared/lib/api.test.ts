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
});
