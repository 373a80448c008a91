import { describe, expect, it } from 'vitest';
import {
  blockedEventIsCurrent,
  blockedSendError,
  EMAIL_BACKLOG_ALERT_MS,
  emailBacklog,
  emailEventEffect,
} from '../src/index.js';

describe('emailEventEffect: only hard bounces, drops and spam reports suppress', () => {
  it.each([
    [{ event: 'bounce', type: 'bounce' }, 'suppress'],
    [{ event: 'bounce' }, 'suppress'],
    [{ event: 'bounce', type: 'Bounce' }, 'suppress'],
    [{ event: 'dropped' }, 'suppress'],
    [{ event: 'spamreport' }, 'suppress'],
    [{ event: 'bounce', type: 'blocked' }, 'blocked'],
    [{ event: 'bounce', type: 'something-new' }, 'ignore'],
    [{ event: 'deferred' }, 'ignore'],
    [{ event: 'delivered' }, 'ignore'],
    [{ event: 'open' }, 'ignore'],
  ] as const)('%o → %s', (e, effect) => {
    expect(emailEventEffect(e)).toBe(effect);
  });

  it('a block is about the last send only when it is not older than it', () => {
    const sentAt = new Date('2026-12-07T05:00:00.500Z');
    expect(blockedEventIsCurrent(Math.floor(sentAt.getTime() / 1000) + 30, sentAt)).toBe(true);
    expect(blockedEventIsCurrent(Math.floor(sentAt.getTime() / 1000), sentAt)).toBe(true);
    expect(blockedEventIsCurrent(Math.floor(sentAt.getTime() / 1000) - 3600, sentAt)).toBe(false);
    expect(blockedEventIsCurrent(undefined, sentAt)).toBe(true);
    expect(blockedEventIsCurrent(1, null)).toBe(false);
    expect(blockedSendError(' 550 blocked by policy ')).toBe(
      'Blocked by the receiving server; sending again: 550 blocked by policy',
    );
  });
});

describe('emailBacklog', () => {
  const now = new Date('2026-12-07T06:00:00Z');
  it('alerts once the oldest unsent email is more than 2 hours old', () => {
    expect(EMAIL_BACKLOG_ALERT_MS).toBe(2 * 60 * 60_000);
    expect(emailBacklog(null, now)).toEqual({ ageMs: null, alert: false });
    expect(emailBacklog(new Date(now.getTime() - EMAIL_BACKLOG_ALERT_MS), now)).toEqual({
      ageMs: EMAIL_BACKLOG_ALERT_MS,
      alert: false,
    });
    expect(emailBacklog(new Date(now.getTime() - EMAIL_BACKLOG_ALERT_MS - 1), now).alert).toBe(true);
    // A clock behind the server's timestamps reads as no age, not a negative one.
    expect(emailBacklog(new Date(now.getTime() + 5_000), now)).toEqual({ ageMs: 0, alert: false });
  });
});
