import { describe, expect, it } from 'vitest';
import {
  adminSessionReply,
  hostedProjectsReply,
  emailTemplatesReply,
  leadActivityReply,
  leadNotesReply,
  outboxEntryReply,
  outboxRowsReply,
  paymentIntentReply,
  quoteReviewReply,
  savedEmailTemplateReply,
  stripeConfigReply,
  upcomingRemindersReply,
} from '../src/index.js';

const template = {
  id: 'status-update',
  name: 'Status update',
  description: 'd',
  subject: 's',
  html: '<p>h</p>',
  variables: ['name'],
  customized: false,
  updatedAt: null,
  updatedBy: null,
};

describe('API reply schemas', () => {
  it('read the replies as the server writes them, dropping unknown keys', () => {
    expect(adminSessionReply.parse({ success: true, user: { username: 'admin' }, extra: 1 })).toEqual({
      success: true,
      user: { username: 'admin' },
    });
    expect(emailTemplatesReply.parse([template])).toEqual([template]);
    expect(
      savedEmailTemplateReply.parse({
        success: true,
        template: { ...template, customized: true, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: 'admin' },
      }).template.customized,
    ).toBe(true);
    expect(leadNotesReply.parse([{ id: 'n1', leadId: 'l1', content: 'hi', createdAt: null }])).toEqual([
      { id: 'n1', content: 'hi', createdAt: null },
    ]);
    expect(
      upcomingRemindersReply.parse({
        reminders: [{ id: 'r', automation: 'a', label: 'L', dueAt: '2026-01-01T00:00:00.000Z', status: 'scheduled' }],
      }).reminders,
    ).toHaveLength(1);
  });

  it('read fields the server leaves out as null', () => {
    expect(leadActivityReply.parse([{ id: 'a', leadId: 'l', type: 'created', by: 'system', at: null }])).toEqual([
      { id: 'a', type: 'created', from: null, to: null, detail: null, by: 'system', at: null },
    ]);
    const row = {
      id: 'o',
      status: 'ERROR',
      attempts: 2,
      lastError: 'x',
      to: 'a@b.co',
      templateId: null,
      leadId: null,
      nextAttemptAt: null,
      resentAs: null,
      createdAt: null,
      updatedAt: null,
      sentAt: null,
    };
    expect(outboxRowsReply.parse([row])[0]).toMatchObject({ status: 'ERROR', deliveredVia: null });
    expect(outboxEntryReply.parse({ ...row, deliveredVia: 'email_log' }).deliveredVia).toBe('email_log');
  });

  it('refuse a reply of another shape', () => {
    expect(() => adminSessionReply.parse({ success: true })).toThrow();
    expect(() => emailTemplatesReply.parse({ templates: [] })).toThrow();
    expect(() => outboxRowsReply.parse([{ id: 'o', status: 'LOST', attempts: 0 }])).toThrow();
    expect(() =>
      upcomingRemindersReply.parse({
        reminders: [{ id: 'r', automation: 'a', label: 'L', dueAt: 'x', status: 'sent' }],
      }),
    ).toThrow();
  });

  it('read the payment and quote replies', () => {
    expect(stripeConfigReply.parse({ publishableKey: null, mode: 'test' })).toEqual({
      publishableKey: null,
      mode: 'test',
    });
    expect(() => stripeConfigReply.parse({ publishableKey: 'pk', mode: 'sandbox' })).toThrow();
    const intent = {
      clientSecret: null,
      paymentIntentId: 'pi_1',
      amount: '50.00',
      description: 'Deposit',
      mode: 'test',
    };
    expect(paymentIntentReply.parse(intent)).toEqual(intent);
    expect(quoteReviewReply.parse({ success: true })).toEqual({ success: true });
    expect(quoteReviewReply.parse({ success: true, acceptanceUrl: '/quote-acceptance?x' }).acceptanceUrl).toBe(
      '/quote-acceptance?x',
    );
  });

  it('read a hosted project as the server lists it (its demo catalogue is checked against this reply there)', () => {
    const projects = [
      {
        id: 'demo:studio-demo:bakery-menu',
        slug: 'bakery-menu',
        title: 'Bakery Menu Site',
        lang: 'HTML' as const,
        files: ['index.html', '.replit'],
        deployment: { status: 'live' as const, url: 'https://bakery-menu-studio-demo.replit.app' },
        url: 'https://replit.com/@studio-demo/bakery-menu',
        timeUpdated: '2026-01-01T00:00:00.000Z',
      },
    ];
    expect(hostedProjectsReply.parse({ success: true, projects }).projects).toEqual(projects);
  });
});
