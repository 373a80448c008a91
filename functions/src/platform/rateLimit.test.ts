import { describe, expect, it } from 'vitest';
import { ipLimitKey } from './rateLimit.js';

describe('ipLimitKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('groups IPv6 by /56', () => {
    const a = ipLimitKey('2001:db8:1:2a00::1');
    expect(a).toBe('2001:db8:1:2a00::/56');
    expect(ipLimitKey('2001:db8:1:2aff:ffff::9')).toBe(a);
    expect(ipLimitKey('2001:db8:1:2b00::1')).not.toBe(a);
  });
  it('passes anything else through', () => {
    expect(ipLimitKey('unknown')).toBe('unknown');
    expect(ipLimitKey('local')).toBe('local');
    expect(ipLimitKey('test:203.0.113.7')).toBe('test:203.0.113.7');
    expect(ipLimitKey('203.0.113.256')).toBe('203.0.113.256');
  });
});
