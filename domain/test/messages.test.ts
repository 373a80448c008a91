import { describe, expect, it } from 'vitest';
import {
  MESSAGE_TEXT_MAX,
  messageSegments,
  ownerMessageBody,
  portalMessageBody,
  projectOfThreadId,
  projectThreadId,
} from '../src/index.js';

const SITE = 'https://studio.example.com';

describe('messageSegments', () => {
  it('keeps plain text as one run', () => {
    expect(messageSegments('Hello\nthere', SITE)).toEqual([{ text: 'Hello\nthere' }]);
  });

  it('links only the studio’s own addresses, without trailing punctuation', () => {
    expect(messageSegments('See https://studio.example.com/portal. Thanks', SITE)).toEqual([
      { text: 'See ' },
      { text: 'https://studio.example.com/portal', href: 'https://studio.example.com/portal' },
      { text: '. Thanks' },
    ]);
  });

  it('leaves every other address as text, look-alikes and other schemes included', () => {
    for (const text of [
      'go to https://evil.example.com/x',
      'https://studio.example.com.evil.net/login',
      'https://studio.example.com@evil.net/',
      'javascript:alert(1)',
      'http://studio.example.com/x',
    ])
      expect(messageSegments(text, SITE).every((s) => s.href === undefined)).toBe(true);
  });
});

describe('message bodies', () => {
  it('trims, refuses empty and over-long text, and unknown fields', () => {
    expect(portalMessageBody.parse({ text: '  hi  ' })).toEqual({ text: 'hi' });
    expect(portalMessageBody.safeParse({ text: '   ' }).success).toBe(false);
    expect(portalMessageBody.safeParse({ text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }).success).toBe(false);
    expect(portalMessageBody.safeParse({ text: 'x'.repeat(MESSAGE_TEXT_MAX) }).success).toBe(true);
    expect(portalMessageBody.safeParse({ text: 'hi', threadId: 'x' }).success).toBe(false);
    expect(ownerMessageBody.safeParse({ threadId: 'a/b', text: 'hi' }).success).toBe(false);
    expect(ownerMessageBody.safeParse({ threadId: 'general', text: 'hi' }).success).toBe(true);
  });

  it('names a project’s thread and reads it back', () => {
    expect(projectOfThreadId(projectThreadId('abc'))).toBe('abc');
    expect(projectOfThreadId('g-123')).toBeNull();
    expect(projectOfThreadId('p-')).toBeNull();
  });
});
