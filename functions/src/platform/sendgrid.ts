/**
 * The SendGrid mailer: the vendor adapter the outbox sender
 * (features/email/outboxSender.ts) sends through. It knows SendGrid's SDK
 * (@sendgrid/mail), its attachment fields and its error shapes; what to send,
 * when, and what a failure means for an entry stay with the sender.
 */
import type { MailDataRequired } from '@sendgrid/mail';

/** What the sender needs of a mail service: @sendgrid/mail's `send` (a MailService instance fits). */
export interface Mailer {
  send(data: MailDataRequired): Promise<unknown>;
}

/** One email as the sender hands it over: addresses, subject, HTML body, and its PDFs. */
export interface OutgoingEmail {
  to: string;
  from: string;
  subject: string;
  html: string;
  /** SendGrid `custom_args`: echoed back on every event webhook post about this email. */
  customArgs: Record<string, string>;
  /** Extra MIME headers. */
  headers: Record<string, string>;
  /** PDFs, as bytes (sent base64-encoded as `application/pdf` attachments). */
  attachments?: ReadonlyArray<{ filename: string; content: Buffer }>;
}

/** How long one send may take before it fails as a network error (ms). */
const SEND_TIMEOUT_MS = 10_000;
let configuredKey: string | null = null;

/**
 * A mailer over the SendGrid singleton for `apiKey`, or null without a key.
 * The SDK is loaded and configured (once per key) on the first send, so it
 * stays out of the functions' cold start.
 */
export function sendgridMailer(apiKey: string | undefined): Mailer | null {
  if (!apiKey) return null;
  return {
    async send(data) {
      const sgMail = (await import('@sendgrid/mail')).default;
      if (configuredKey !== apiKey) {
        sgMail.setApiKey(apiKey);
        sgMail.setTimeout(SEND_TIMEOUT_MS);
        configuredKey = apiKey;
      }
      return sgMail.send(data);
    },
  };
}

/**
 * SendGrid's tracking, off on every send (v3 mail/send `tracking_settings`): click tracking rewrites every link
 * through SendGrid's redirect host, which breaks the quote, portal and document links under a branded link domain
 * with HSTS `includeSubDomains`, and open tracking adds a pixel the studio never reads. Sent on each email, so an
 * account whose tracking settings are on in SendGrid's dashboard still sends the links as written.
 */
export const TRACKING_OFF = {
  clickTracking: { enable: false, enableText: false },
  openTracking: { enable: false },
} as const;

/**
 * Sends `email` once through `mailer` (no retry here), with SendGrid's click and open tracking off (TRACKING_OFF).
 * @throws whatever the mailer throws (SendGrid ResponseError, a network error): see describeSendError.
 */
export async function sendEmail(mailer: Mailer, email: OutgoingEmail): Promise<void> {
  const { attachments, ...rest } = email;
  await mailer.send({
    ...rest,
    trackingSettings: {
      clickTracking: { ...TRACKING_OFF.clickTracking },
      openTracking: { ...TRACKING_OFF.openTracking },
    },
    ...(attachments
      ? {
          attachments: attachments.map((a) => ({
            content: a.content.toString('base64'),
            filename: a.filename,
            type: 'application/pdf',
            disposition: 'attachment' as const,
          })),
        }
      : {}),
  });
}

/**
 * HTTP status (null for a network failure) and a short description (at most
 * 500 characters) of a send failure: a SendGrid ResponseError, or a network error.
 */
export function describeSendError(e: unknown): { status: number | null; message: string } {
  const err = e as {
    code?: unknown;
    message?: unknown;
    response?: { body?: { errors?: Array<{ message?: string }> } };
  };
  const status = typeof err?.code === 'number' ? err.code : null;
  const details = err?.response?.body?.errors
    ?.map((x) => x?.message)
    .filter(Boolean)
    .join('; ');
  const text = details || (typeof err?.message === 'string' && err.message) || String(e);
  const message = status
    ? `SendGrid ${status}: ${text}`
    : `Send failed: ${typeof err?.code === 'string' ? `${err.code} ` : ''}${text}`;
  return { status, message: message.slice(0, 500) };
}
