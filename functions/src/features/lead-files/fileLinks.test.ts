import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_MS } from '@studio/domain';
import { fileDownloadPath, verifyFileLink } from './fileLinks.js';

const secret = 'test-secret';
const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('lead file links', () => {
  it('verify for their scope until they expire; an altered or foreign link does not', () => {
    const now = Date.now();
    const link = query(fileDownloadPath('f1', 'c', now, secret));
    expect(verifyFileLink('f1', link, now, secret)).toBe('c');
    expect(verifyFileLink('f2', link, now, secret)).toBeNull();
    expect(verifyFileLink('f1', { ...link, s: 'a' }, now, secret)).toBeNull();
    expect(verifyFileLink('f1', { ...link, exp: String(Number(link.exp) + 1) }, now, secret)).toBeNull();
    expect(verifyFileLink('f1', link, now + FILE_LINK_TTL_MS + 1000, secret)).toBeNull();
    expect(verifyFileLink('f1', link, now, 'other-secret')).toBeNull();
    expect(verifyFileLink('f1', link, now, '')).toBeNull();
    expect(() => fileDownloadPath('f1', 'a', now, '')).toThrow('File downloads are not configured');
  });
});
