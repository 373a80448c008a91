import { describe, expect, it } from 'vitest';
import { contactSchema, fieldErrors, LIMITS, loginSchema, noteSchema, usernameToEmail } from '../src/index.js';

const valid = { name: 'Ada', email: 'Ada@Example.com', subject: 'Site', message: 'Hello' };

describe('contactSchema', () => {
  it('accepts a minimal message and applies defaults', () => {
    const r = contactSchema.parse(valid);
    expect(r).toEqual({ ...valid, email: 'ada@example.com', projectType: 'Web Project', phone: undefined });
  });

  it('names every missing required field', () => {
    const r = contactSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('treats whitespace-only text as missing', () => {
    const r = contactSchema.safeParse({ ...valid, name: '   ' });
    expect(fieldErrors(r.error!)).toEqual({ name: 'Name is required' });
  });

  it('rejects unknown keys', () => {
    const r = contactSchema.safeParse({ ...valid, status: 'Won' });
    expect(fieldErrors(r.error!)).toEqual({ status: 'Unknown field' });
  });

  it('rejects an unknown project type and a bad email', () => {
    const r = contactSchema.safeParse({ ...valid, projectType: 'Hacking', email: 'nope' });
    const errors = fieldErrors(r.error!);
    expect(Object.keys(errors).sort()).toEqual(['email', 'projectType']);
    expect(errors.email).toBe('Please enter a valid email address');
  });

  it('caps sizes', () => {
    const r = contactSchema.safeParse({ ...valid, message: 'x'.repeat(LIMITS.message + 1) });
    expect(fieldErrors(r.error!).message).toMatch(/at most/);
  });
});

describe('loginSchema and noteSchema', () => {
  it('uses the spec messages', () => {
    expect(fieldErrors(loginSchema.safeParse({}).error!)).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(fieldErrors(noteSchema.safeParse({ content: ' ' }).error!)).toEqual({ content: 'Note content is required' });
  });
});

describe('usernameToEmail', () => {
  it('maps case-insensitively to a reserved domain', () => {
    expect(usernameToEmail(' Admin ')).toBe('admin@admin.studio.invalid');
  });
});
