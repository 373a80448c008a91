import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  estimatedHoursField,
  fieldErrors,
  httpUrlField,
  LIMITS,
  loginSchema,
  noteSchema,
  usernameToEmail,
} from '../src/index.js';

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

describe('estimatedHoursField and httpUrlField', () => {
  it('takes positive hours in half-hour steps up to 10,000, or none', () => {
    expect(estimatedHoursField.parse(12.5)).toBe(12.5);
    expect(estimatedHoursField.parse(undefined)).toBeUndefined();
    expect(estimatedHoursField.safeParse(0).error?.issues[0]?.message).toBe('Estimated hours must be positive');
    expect(estimatedHoursField.safeParse(1.25).error?.issues[0]?.message).toBe('Use steps of 0.5 hours');
    expect(estimatedHoursField.safeParse(10_000.5).success).toBe(false);
    expect(estimatedHoursField.safeParse('3').error?.issues[0]?.message).toBe('Estimated hours must be a number');
  });

  it('takes a trimmed http(s) URL, and names the field when it is missing', () => {
    const url = httpUrlField('Deployment URL');
    expect(url.parse('  https://beta.example.com ')).toBe('https://beta.example.com');
    expect(url.safeParse('   ').error?.issues[0]?.message).toBe('Deployment URL is required');
    expect(url.safeParse(undefined).error?.issues[0]?.message).toBe('Deployment URL is required');
    expect(url.safeParse('ftp://example.com').error?.issues[0]?.message).toBe('Enter a valid http(s) URL');
    expect(url.safeParse(`https://example.com/${'a'.repeat(500)}`).success).toBe(false);
  });
});
