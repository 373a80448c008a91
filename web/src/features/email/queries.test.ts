import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminQueryClient } from '../../shared/data/adminQuery';
import { ReplyShapeError } from '../../shared/lib/api';
import { emailQueries, OUTBOX_MAX_POLLS, OUTBOX_POLL_MS, outboxPollInterval } from './queries';

const poll = (status: string | null, reads: number, failures = 0) =>
  outboxPollInterval({
    state: { data: status ? { status } : undefined, dataUpdateCount: reads, errorUpdateCount: failures },
  });

describe('the test center status poll', () => {
  it('reads every second while the entry is queued or pending', () => {
    expect(poll(null, 0)).toBe(OUTBOX_POLL_MS);
    expect(poll('PENDING', 3, 1)).toBe(OUTBOX_POLL_MS);
  });

  it('stops at a final status', () => {
    expect(poll('SUCCESS', 2)).toBe(false);
    expect(poll('ERROR', 2)).toBe(false);
  });

  it('stops after OUTBOX_MAX_POLLS reads, failed ones included', () => {
    expect(poll('PENDING', OUTBOX_MAX_POLLS - 11, 10)).toBe(OUTBOX_POLL_MS);
    expect(poll('PENDING', OUTBOX_MAX_POLLS - 10, 10)).toBe(false);
  });
});

describe('the admin query reads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    adminQueryClient.clear();
  });

  it('run on a client that neither retries nor reads again on window focus', () => {
    expect(adminQueryClient.getDefaultOptions().queries).toMatchObject({ retry: false, refetchOnWindowFocus: false });
  });

  it('parse the reply with its schema: a 200 of another shape fails, after one request', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ not: 'templates' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(adminQueryClient.fetchQuery(emailQueries.templates())).rejects.toBeInstanceOf(ReplyShapeError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('key every outbox list under one prefix, so a resend reads them all again', () => {
    expect(emailQueries.outboxList('/api/outbox?status=ERROR').queryKey.slice(0, 2)).toEqual(['outbox', 'list']);
    expect(emailQueries.outboxEntry('x').queryKey.slice(0, 2)).not.toEqual(['outbox', 'list']);
  });
});
