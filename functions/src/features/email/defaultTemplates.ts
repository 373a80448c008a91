/**
 * The default email templates (spec §2 "Email templates and test center", §3
 * "Email template"): their names, subjects and HTML, kept in code here beside
 * the email slice. Firestore `email_templates/{id}` only holds the admin's
 * overrides of subject and html (templates.ts merges them); the web reads the
 * merged list from GET /api/email-templates. The rules that render and check a
 * template (placeholders, escaping, the variables' sample values) stay in
 * domain/email.ts.
 */
import { CONTACT_CONFIRMATION_VARIABLES, type EmailTemplate } from '@studio/domain';

/**
 * Shared frame of the default templates: a 600 px table with inline styles, as mail clients expect. Its footer
 * names the studio (`${studioName}`, from the studio settings: the sender fills it in), so every template
 * declares studioName (buildDefaultTemplates).
 */
function frame(heading: string, body: string): string {
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f8fafc;padding:24px 0;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<tr><td align="center">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:12px">',
    `<tr><td style="padding:24px 32px;background-color:#1e1b4b;border-radius:12px 12px 0 0;color:#ffffff;font-size:20px;font-weight:bold">${heading}</td></tr>`,
    `<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">${body}</td></tr>`,
    '<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;color:#64748b;font-size:12px">${studioName} · Design &amp; development</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
  ].join('\n');
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="background-color:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${label}</a></p>`;

const quoteBlock = (v: string) =>
  `<p style="margin:16px 0;padding:12px 16px;background-color:#f1f5f9;border-radius:8px;white-space:pre-wrap">${v}</p>`;

/** The default templates, in EMAIL_TEMPLATE_IDS order. Every placeholder is declared in `variables`. */
export const DEFAULT_EMAIL_TEMPLATES: readonly EmailTemplate[] = buildDefaultTemplates();

function buildDefaultTemplates(): EmailTemplate[] {
  // The frame's footer names the studio: every template declares studioName.
  const withStudioName = (t: EmailTemplate): EmailTemplate =>
    t.variables.includes('studioName') ? t : { ...t, variables: [...t.variables, 'studioName'] };
  return [
    {
      id: 'contact-confirmation',
      name: 'Contact confirmation',
      description:
        "Sent to the address typed in the contact form, which nobody has verified: a fixed text with the studio's details, never what the visitor wrote.",
      subject: 'Thanks for reaching out',
      html: frame(
        'Thanks for getting in touch',
        [
          '<p>Hello,</p>',
          '<p>Thank you for contacting ${studioName}. We received your message and will respond within 24 hours.</p>',
          '<p>If you did not write to us through our website, someone else typed this address: you can ignore this email.</p>',
          '<p>${studioName}<br /><span style="white-space:pre-line">${studioAddress}</span><br />${studioEmail}</p>',
        ].join('\n'),
      ),
      variables: [...CONTACT_CONFIRMATION_VARIABLES],
    },
    {
      id: 'new-lead-alert',
      name: 'New lead alert',
      description: 'Sent to the studio owner when the contact form creates a new lead.',
      subject: 'New lead from the contact form',
      html: frame(
        'New lead from the contact form',
        [
          '<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:15px">',
          '<tr><td style="color:#64748b">Name</td><td>${name}</td></tr>',
          '<tr><td style="color:#64748b">Email</td><td>${email}</td></tr>',
          '<tr><td style="color:#64748b">Phone</td><td>${phone}</td></tr>',
          '<tr><td style="color:#64748b">Project type</td><td>${projectType}</td></tr>',
          '<tr><td style="color:#64748b">Subject</td><td>${subject}</td></tr>',
          '</table>',
          quoteBlock('${message}'),
          '<p>The lead is in the New column of the CRM board.</p>',
        ].join('\n'),
      ),
      variables: ['name', 'email', 'phone', 'projectType', 'subject', 'message'],
    },
    {
      id: 'quote-sent',
      name: 'Quote sent',
      description: 'Sent to a client with the link to review and accept their quote.',
      subject: 'Your quote for ${projectType} is ready',
      html: frame(
        'Your quote is ready',
        [
          '<p>Hi ${name},</p>',
          '<p>Your quote for <strong>${subject}</strong> is ready: <strong>${quoteAmount}</strong>, with a deposit of ${depositAmount} to get started.</p>',
          button('${quoteLink}', 'Review and accept your quote'),
          '<p>If the button does not work, copy this link into your browser:<br /><a href="${quoteLink}">${quoteLink}</a></p>',
          '<p>The quote stays valid for 30 days.</p>',
        ].join('\n'),
      ),
      variables: ['name', 'projectType', 'subject', 'quoteAmount', 'depositAmount', 'quoteLink'],
    },
    {
      id: 'beta-deployed',
      name: 'Beta deployed',
      description: 'Sent to a client when their project is deployed to beta.',
      subject: '${projectName} is ready for review',
      html: frame(
        'Your beta is live',
        [
          '<p>Hi ${name},</p>',
          '<p>Good news: a beta version of <strong>${projectName}</strong> is ready for you to review.</p>',
          button('${deploymentUrl}', 'Open the beta'),
          '<p>Beta address: <a href="${deploymentUrl}">${deploymentUrl}</a></p>',
          '<p>Reply to this email with any feedback.</p>',
        ].join('\n'),
      ),
      variables: ['name', 'projectName', 'deploymentUrl'],
    },
    {
      id: 'launched',
      name: 'Project launched',
      description: 'Sent to a client when their project launches.',
      subject: '${projectName} has launched',
      html: frame(
        'Your project has launched',
        [
          '<p>Hi ${name},</p>',
          '<p><strong>${projectName}</strong> is launched. Thank you for working with us!</p>',
          '<p>Live address (when we host your domain): <a href="${url}">${url}</a></p>',
          '<p>Your launch support window runs for 7 days. After that you can keep us on a hosting and maintenance plan.</p>',
        ].join('\n'),
      ),
      variables: ['name', 'projectName', 'url'],
    },
    {
      id: 'invoice',
      name: 'Invoice',
      description: 'Sent to a client with an invoice, its payment link and its PDF attached.',
      subject: 'Invoice ${invoiceNumber}: ${description}',
      html: frame(
        'New invoice',
        [
          '<p>Hi ${name},</p>',
          '<p>Here is your invoice <strong>${invoiceNumber}</strong> for <strong>${description}</strong>. The PDF is attached.</p>',
          '<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:15px">',
          '<tr><td style="color:#64748b">Invoice</td><td>${invoiceNumber}</td></tr>',
          '<tr><td style="color:#64748b">Amount</td><td><strong>${amount}</strong></td></tr>',
          '<tr><td style="color:#64748b">Due</td><td>${dueDate}</td></tr>',
          '</table>',
          button('${paymentLink}', 'Pay now'),
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'invoiceNumber', 'description', 'amount', 'dueDate', 'paymentLink', 'studioName'],
    },
    {
      id: 'deposit-request',
      name: 'Deposit request',
      description:
        'Sent to a client when their quote is accepted (by them or in the CRM): the deposit request, its Pay Now link and its PDF attached.',
      subject: 'Deposit request ${invoiceNumber}: ${subject}',
      html: frame(
        'Your deposit request',
        [
          '<p>Hi ${name},</p>',
          '<p>Thank you for accepting our quote for <strong>${subject}</strong>. We start as soon as the deposit is paid. The payment request <strong>${invoiceNumber}</strong> is attached.</p>',
          '<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:15px">',
          '<tr><td style="color:#64748b">For</td><td>${description}</td></tr>',
          '<tr><td style="color:#64748b">Amount</td><td><strong>${amount}</strong></td></tr>',
          '<tr><td style="color:#64748b">Due</td><td>${dueDate}</td></tr>',
          '</table>',
          button('${paymentLink}', 'Pay now'),
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'invoiceNumber', 'description', 'amount', 'dueDate', 'paymentLink', 'studioName'],
    },
    {
      id: 'payment-received',
      name: 'Payment received',
      description: 'Sent to a client when a payment succeeds, with the receipt PDF attached.',
      subject: 'Payment received - thank you',
      html: frame(
        'Payment received',
        [
          '<p>Hi ${name},</p>',
          '<p>We received your payment of <strong>${amount}</strong> for ${description}. Thank you!</p>',
          '<p>Your receipt is attached. Payment reference: ${reference} ${invoiceNumber}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'amount', 'description', 'reference', 'invoiceNumber'],
    },
    {
      id: 'payment-failed',
      name: 'Payment failed',
      description:
        'Sent to a client when their card payment is declined or fails (a deposit, a final payment, an invoice or an order), with a link to try again.',
      subject: 'Your payment of ${amount} did not go through',
      html: frame(
        'Your payment did not go through',
        [
          '<p>Hi ${name},</p>',
          '<p>Your payment of <strong>${amount}</strong> did not go through, and nothing was charged.</p>',
          '<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:15px">',
          '<tr><td style="color:#64748b">For</td><td>${description}</td></tr>',
          '<tr><td style="color:#64748b">Reference</td><td>${invoiceNumber}</td></tr>',
          '<tr><td style="color:#64748b">Amount</td><td><strong>${amount}</strong></td></tr>',
          '<tr><td style="color:#64748b">Reason</td><td>${reason}</td></tr>',
          '</table>',
          '<p>You can try again with the same card or another one:</p>',
          button('${paymentLink}', 'Try again'),
          '<p>If the problem persists, your bank can tell you why, or reply to this email.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'amount', 'description', 'invoiceNumber', 'reason', 'paymentLink', 'studioName'],
    },
    {
      id: 'status-update',
      name: 'Status update',
      description: 'A general project status update to a client.',
      subject: 'Update on ${projectName}: ${status}',
      html: frame(
        'Project update',
        [
          '<p>Hi ${name},</p>',
          '<p>News about your project <strong>${projectName}</strong>: <strong>${status}</strong>.</p>',
          quoteBlock('${message}'),
          '<p>Questions? Just reply to this email.</p>',
        ].join('\n'),
      ),
      variables: ['name', 'projectName', 'status', 'message'],
    },
    {
      id: 'reminder-quote',
      name: 'Reminder: quote not accepted',
      description: 'Automatic reminder (Settings → Automations) when a sent quote is not accepted after some days.',
      subject: 'Your quote is waiting for you',
      html: frame(
        'Your quote is waiting',
        [
          '<p>Hi ${name},</p>',
          '<p>On ${sentDate} we sent you our quote for <strong>${subject}</strong> (${quoteAmount}). It stays open until ${expiryDate}.</p>',
          '<p>Use the link in that email to review and accept it, or open your project page to see the details.</p>',
          button('${projectLink}', 'Open my project'),
          '<p>Questions? Just reply to this email.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'quoteAmount', 'sentDate', 'expiryDate', 'projectLink', 'studioName'],
    },
    {
      id: 'reminder-proposal',
      name: 'Reminder: proposal not signed',
      description:
        'Automatic reminder (Settings → Automations, "Quote sent, not accepted") when a quote sent as a proposal with a contract is not signed after some days.',
      subject: 'Your proposal is waiting for your signature',
      html: frame(
        'Your proposal is waiting',
        [
          '<p>Hi ${name},</p>',
          '<p>On ${sentDate} we sent you our proposal for <strong>${subject}</strong> (${quoteAmount}): the scope, the timeline, the price and the contract. It stays open until ${expiryDate}.</p>',
          '<p>Use the link in that email to read it and sign it, or open your project page to see the details.</p>',
          button('${projectLink}', 'Open my project'),
          '<p>Questions? Just reply to this email.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'quoteAmount', 'sentDate', 'expiryDate', 'projectLink', 'studioName'],
    },
    {
      id: 'reminder-quote-expiry',
      name: 'Reminder: quote about to expire',
      description: 'Automatic reminder some days before a quote link expires.',
      subject: 'Your quote expires on ${expiryDate}',
      html: frame(
        'Your quote expires soon',
        [
          '<p>Hi ${name},</p>',
          '<p>The quote we sent on ${sentDate} for <strong>${subject}</strong> (${quoteAmount}) expires on <strong>${expiryDate}</strong>.</p>',
          '<p>Use the link in that email to accept it before then. If you need more time or changes, reply to this email.</p>',
          button('${projectLink}', 'Open my project'),
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'quoteAmount', 'sentDate', 'expiryDate', 'projectLink', 'studioName'],
    },
    {
      id: 'reminder-proposal-expiry',
      name: 'Reminder: proposal about to expire',
      description:
        'Automatic reminder some days before the link of a proposal with a contract expires, while it is not signed.',
      subject: 'Your proposal expires on ${expiryDate}',
      html: frame(
        'Your proposal expires soon',
        [
          '<p>Hi ${name},</p>',
          '<p>The proposal we sent on ${sentDate} for <strong>${subject}</strong> (${quoteAmount}) expires on <strong>${expiryDate}</strong>.</p>',
          '<p>Use the link in that email to read it and sign it before then. If you need more time or changes, reply to this email.</p>',
          button('${projectLink}', 'Open my project'),
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'quoteAmount', 'sentDate', 'expiryDate', 'projectLink', 'studioName'],
    },
    {
      id: 'reminder-deposit',
      name: 'Reminder: deposit not paid',
      description:
        'Automatic reminder when the deposit of an accepted quote is not paid after some days. The request PDF is attached.',
      subject: 'Your deposit ${invoiceNumber} is due',
      html: frame(
        'Your deposit',
        [
          '<p>Hi ${name},</p>',
          '<p>Thank you for accepting our quote for <strong>${subject}</strong>. We start as soon as the deposit of <strong>${amount}</strong> (${invoiceNumber}) is paid.</p>',
          button('${paymentLink}', 'Pay the deposit'),
          '<p>The payment request is attached.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'subject', 'invoiceNumber', 'amount', 'paymentLink', 'studioName'],
    },
    {
      id: 'reminder-invoice-due',
      name: 'Reminder: invoice due soon',
      description: 'Automatic reminder some days before an invoice is due. The invoice PDF is attached.',
      subject: 'Invoice ${invoiceNumber} is due on ${dueDate}',
      html: frame(
        'Invoice due soon',
        [
          '<p>Hi ${name},</p>',
          '<p>A friendly reminder: invoice <strong>${invoiceNumber}</strong> for ${description} (<strong>${amount}</strong>) is due on <strong>${dueDate}</strong>.</p>',
          button('${paymentLink}', 'Pay now'),
          '<p>The invoice is attached. If you have already paid, thank you and please ignore this email.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'invoiceNumber', 'amount', 'description', 'dueDate', 'paymentLink', 'studioName'],
    },
    {
      id: 'reminder-invoice-overdue',
      name: 'Reminder: invoice overdue',
      description:
        'Automatic reminders 1, 7 and 14 days (as set) after an invoice was due, then every 7 days at most 4 times (as set), until it is paid, voided or written off. daysOverdue is how many days late it is when sent, daysOverdueUnit "day" or "days" to match. The invoice PDF is attached.',
      subject: 'Invoice ${invoiceNumber} is overdue',
      html: frame(
        'Invoice overdue',
        [
          '<p>Hi ${name},</p>',
          '<p>Invoice <strong>${invoiceNumber}</strong> for ${description} (<strong>${amount}</strong>) was due on ${dueDate}, ${daysOverdue} ${daysOverdueUnit} ago.</p>',
          button('${paymentLink}', 'Pay now'),
          '<p>The invoice is attached. If you have already paid, thank you and please ignore this email.<br />${studioName}</p>',
        ].join('\n'),
      ),
      variables: [
        'name',
        'invoiceNumber',
        'amount',
        'description',
        'dueDate',
        'daysOverdue',
        'daysOverdueUnit',
        'paymentLink',
        'studioName',
      ],
    },
    {
      id: 'money-alert',
      name: 'Money alert',
      description:
        'Sent to the studio owner when money moves: a paid order, an accepted quote, a paid deposit, a refund, a dispute or a failed payment.',
      subject: '${event}: ${amount} (${clientName})',
      html: frame(
        '${event}',
        [
          '<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:15px">',
          '<tr><td style="color:#64748b">What</td><td>${event}</td></tr>',
          '<tr><td style="color:#64748b">Amount</td><td><strong>${amount}</strong></td></tr>',
          '<tr><td style="color:#64748b">Client</td><td>${clientName}</td></tr>',
          '<tr><td style="color:#64748b">Document</td><td>${documentNumber}</td></tr>',
          '</table>',
          '<p>${detail}</p>',
          '<p>The Money page of the CRM has the whole ledger.</p>',
        ].join('\n'),
      ),
      variables: ['event', 'amount', 'clientName', 'documentNumber', 'detail'],
    },
    {
      id: 'credit-note',
      name: 'Credit note',
      description: 'Sent to a client when a payment is refunded, with the credit note PDF attached.',
      subject: 'Refund of ${amount}: credit note ${creditNoteNumber}',
      html: frame(
        'Your refund',
        [
          '<p>Hi ${name},</p>',
          '<p>We refunded <strong>${amount}</strong> on ${invoiceNumber}. Your credit note <strong>${creditNoteNumber}</strong> is attached.</p>',
          '<p>The refund reaches your card within 5 to 10 business days, depending on your bank.</p>',
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'amount', 'creditNoteNumber', 'invoiceNumber', 'studioName'],
    },
    {
      id: 'proposal-signed-owner',
      name: 'Proposal signed (to the studio)',
      description:
        "Sent to the studio owner (OWNER_EMAIL) when a client signs a proposal, with the signed PDF attached. The client's own copy uses Status update.",
      subject: '${signedBy} signed the proposal for ${projectName}',
      html: frame(
        'Proposal signed',
        [
          '<p><strong>${signedBy}</strong> (${clientEmail}) signed the proposal for <strong>${projectName}</strong> on ${signedAt}, which accepts its quote.</p>',
          '<p>The signed PDF with its audit certificate is attached (document ${documentId}).</p>',
          '<p>${nextStep}</p>',
          '<p>The lead details in the CRM (Proposals) keep the signature and its audit trail.</p>',
        ].join('\n'),
      ),
      variables: ['signedBy', 'clientEmail', 'projectName', 'signedAt', 'documentId', 'nextStep'],
    },
    {
      id: 'message-to-client',
      name: 'New message for the client',
      description:
        'Sent to a client when the studio writes in one of their portal threads: a link to the portal, never the message itself.',
      subject: 'New message from ${studioName}',
      html: frame(
        'You have a new message',
        [
          '<p>Hi ${name},</p>',
          '<p>${studioName} wrote to you about <strong>${threadTitle}</strong>. Sign in to your client portal to read it and reply.</p>',
          button('${portalLink}', 'Open my portal'),
          '<p>${studioName}</p>',
        ].join('\n'),
      ),
      variables: ['name', 'threadTitle', 'portalLink', 'studioName'],
    },
    {
      id: 'message-to-owner',
      name: 'New message from a client',
      description:
        'Sent to the studio owner when a client writes in the portal: a link to the CRM, never the message itself.',
      subject: 'New message from ${clientName}',
      html: frame(
        'New client message',
        [
          '<p>${clientName} wrote in <strong>${threadTitle}</strong> in the client portal.</p>',
          '<p>Open the lead in the CRM to read it and reply: its card shows the unread count.</p>',
          button('${adminLink}', 'Open the CRM'),
        ].join('\n'),
      ),
      variables: ['clientName', 'threadTitle', 'adminLink'],
    },
  ].map(withStudioName);
}

/** The default template `id`, or undefined. */
export function findDefaultTemplate(id: string): EmailTemplate | undefined {
  return DEFAULT_EMAIL_TEMPLATES.find((t) => t.id === id);
}
