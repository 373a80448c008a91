import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { successReply } from '@studio/domain';
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

  it('refuses a 200 that is not JSON (an HTML page from a misrouted rewrite) as a reply of the wrong shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html><title>Studio</title>', { status: 200 })),
    );
    await expect(api.post('/api/x', {}, successReply)).rejects.toBeInstanceOf(ReplyShapeError);
  });

  it('takes no call without a reply parser', async () => {
    vi.stubGlobal('fetch', reply(200, { success: true }));
    await expect(api.post('/api/x', {}, successReply)).resolves.toEqual({ success: true });
    // @ts-expect-error: every call checks its reply (tsc -p web)
    await api.post('/api/x', {}).catch(() => undefined);
    // @ts-expect-error: a GET's too
    await api.get('/api/x').catch(() => undefined);
  });
});
