/**
 * Request schemas shared by the web forms and the API (spec §5 "Validation rules").
 * Every object schema is strict: unknown keys are rejected. Text is trimmed and
 * capped (LIMITS). Messages are the spec's wording where it gives one.
 */
import { z } from 'zod';
import { DEAD_REASONS, DEFAULT_PROJECT_TYPE, LEAD_STATUSES, LIMITS, PROJECT_TYPES } from './constants.js';

/** A required, trimmed string of at most `max` characters, with one message for "missing". */
export function requiredText(message: string, max: number, label = 'This field') {
  return z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
}

/** An optional trimmed string; blank becomes undefined. */
export function optionalText(max: number, label = 'This field') {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));
}

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** A required, trimmed, lowercased email address. */
export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(LIMITS.email, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE))
  .transform((v) => v.toLowerCase());

/** Optional estimated hours: positive, at most 10,000, in steps of half an hour. */
export const estimatedHoursField = z
  .number({ error: 'Estimated hours must be a number' })
  .positive('Estimated hours must be positive')
  .max(10_000)
  .multipleOf(0.5, 'Use steps of 0.5 hours')
  .optional();

/** A required, trimmed http(s) URL of at most 500 characters; `label` names it in the "required" message. */
export function httpUrlField(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }));
}

export const projectTypeField = z
  .enum(PROJECT_TYPES, { error: `Project type must be one of: ${PROJECT_TYPES.join(', ')}` })
  .default(DEFAULT_PROJECT_TYPE);

/** POST /api/contact body (spec §7; §5 "Contact / lead creation"). */
export const contactSchema = z.strictObject({
  name: requiredText('Name is required', LIMITS.name, 'Name'),
  email: emailField,
  phone: optionalText(LIMITS.phone, 'Phone'),
  projectType: projectTypeField,
  subject: requiredText('Subject is required', LIMITS.subject, 'Subject'),
  message: requiredText('Message is required', LIMITS.message, 'Message'),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** POST /api/leads body: the admin's Add New Lead dialog (spec §2, §7). */
export const newLeadSchema = contactSchema;
export type NewLead = z.output<typeof newLeadSchema>;

/** POST /api/auth/login body (spec §5 "Admin login"). */
export const loginSchema = z.strictObject({
  username: requiredText('Username is required', LIMITS.username, 'Username'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/leads/{leadId}/notes body (spec §5 "Note"). */
export const noteSchema = z.strictObject({
  content: requiredText('Note content is required', LIMITS.note, 'Note'),
});
export type NoteInput = z.infer<typeof noteSchema>;

/**
 * Flattens a zod error into `{ field: firstMessage }` for 400 replies and forms.
 * Keys are dotted paths; a root-level problem (e.g. an unknown key) is keyed by that key.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || '_'];
    for (const key of keys) {
      out[key] ??= issue.code === 'unrecognized_keys' ? 'Unknown field' : issue.message;
    }
  }
  return out;
}

/**
 * PUT /api/leads/{id} body for board moves, dead marking and revive (spec §4, §7).
 * `expectedStatus` is the status the caller saw: when the lead has moved since,
 * the server answers 409 instead of applying a stale move.
 * `deadReason` is required when, and only allowed when, status is Lost.
 */
export const leadUpdateSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES, { error: 'Unknown lead status' }).optional(),
    expectedStatus: z.enum(LEAD_STATUSES, { error: 'Unknown lead status' }).optional(),
    deadReason: z.enum(DEAD_REASONS, { error: 'Choose one of the dead reasons' }).optional(),
    name: requiredText('Name is required', LIMITS.name, 'Name').optional(),
    email: emailField.optional(),
    phone: optionalText(LIMITS.phone, 'Phone'),
    projectType: z
      .enum(PROJECT_TYPES, { error: `Project type must be one of: ${PROJECT_TYPES.join(', ')}` })
      .optional(),
    subject: requiredText('Subject is required', LIMITS.subject, 'Subject').optional(),
    message: requiredText('Message is required', LIMITS.message, 'Message').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'Lost' && !v.deadReason)
      ctx.addIssue({ code: 'custom', path: ['deadReason'], message: 'A dead reason is required' });
    if (v.deadReason && v.status !== 'Lost')
      ctx.addIssue({ code: 'custom', path: ['deadReason'], message: 'A dead reason goes with status Lost' });
    if (Object.keys(v).every((k) => k === 'expectedStatus'))
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'Nothing to update' });
  });
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

/** Body of action routes that take no input: `{}` only, unknown keys rejected. */
export const emptyBodySchema = z.strictObject({});
