import { describe, expect, it } from 'vitest';
import {
  CONTACT_CONFIRMATION_VARIABLES,
  declaredValues,
  DEFAULT_TEMPLATE_ID,
  EMAIL_TEMPLATE_IDS,
  placeholders,
  renderTemplate,
  SAMPLE_TEMPLATE_VARIABLES,
  studioTemplateVariables,
  TEST_CENTER_PRESETS,
  unknownPlaceholders,
  VISITOR_TEXT_VARIABLES,
} from '@studio/domain';
import { expectInert, XSS_CORPUS } from '../../../../domain/test/xssCorpus.js';
import { DEFAULT_EMAIL_TEMPLATES, findDefaultTemplate } from './defaultTemplates.js';

describe('default templates', () => {
  it('has every template, contact-confirmation first and selected by default', () => {
    expect(DEFAULT_EMAIL_TEMPLATES.map((t) => t.id)).toEqual([...EMAIL_TEMPLATE_IDS]);
    expect(DEFAULT_TEMPLATE_ID).toBe('contact-confirmation');
    expect(findDefaultTemplate('quote-sent')?.html).toContain('href="${quoteLink}"');
    expect(findDefaultTemplate('nope')).toBeUndefined();
  });

  it('declares every placeholder it uses, and uses every variable it declares', () => {
    for (const t of DEFAULT_EMAIL_TEMPLATES) {
      expect(unknownPlaceholders(t), t.id).toEqual([]);
      const used = new Set(placeholders(`${t.subject}${t.html}`));
      for (const v of t.variables) expect(used.has(v), `${t.id} uses ${v}`).toBe(true);
      expect(t.name && t.description, t.id).toBeTruthy();
      for (const v of t.variables) expect(SAMPLE_TEMPLATE_VARIABLES[v], `sample ${v}`).toBeTruthy();
    }
  });

  it('the variables of projects.ts emails match beta-deployed and launched', () => {
    // studioName is the frame's footer, which the sender fills in from the settings.
    expect([...findDefaultTemplate('beta-deployed')!.variables].sort()).toEqual([
      'deploymentUrl',
      'name',
      'projectName',
      'studioName',
    ]);
    expect([...findDefaultTemplate('launched')!.variables].sort()).toEqual([
      'name',
      'projectName',
      'studioName',
      'url',
    ]);
  });

  it("names the studio in every template's footer", () => {
    for (const tpl of DEFAULT_EMAIL_TEMPLATES) {
      expect(tpl.variables, tpl.id).toContain('studioName');
      const { html } = renderTemplate(tpl, { studioName: 'Acme & Co' });
      expect(html, tpl.id).toContain('Acme &amp; Co · Design &amp; development');
      expect(html, tpl.id).not.toContain('>Studio ·');
    }
  });

  it('test-center presets point at real templates', () => {
    expect(TEST_CENTER_PRESETS.map((p) => p.key)).toEqual(['contact', 'quote', 'status']);
    for (const p of TEST_CENTER_PRESETS) expect(findDefaultTemplate(p.templateId)).toBeDefined();
  });
});

describe('the payment emails and the status update', () => {
  const render = (id: string, vars: Record<string, string>) => {
    const tpl = findDefaultTemplate(id)!;
    return renderTemplate(tpl, declaredValues(tpl.variables, { ...SAMPLE_TEMPLATE_VARIABLES, ...vars }));
  };

  it('the deposit request and the failed payment carry their link to the checkout', () => {
    const paymentLink = 'https://studio.example.com/checkout?amount=375.00&leadId=L1';
    const deposit = render('deposit-request', { paymentLink, invoiceNumber: 'INV-2026-0042', subject: 'Shop' });
    expect(deposit.subject).toBe('Deposit request INV-2026-0042: Shop');
    expect(deposit.html).toContain(`href="${paymentLink.replaceAll('&', '&amp;')}"`);
    const failed = render('payment-failed', { paymentLink, amount: '$375.00', reason: 'Your card was declined.' });
    expect(failed.subject).toBe('Your payment of $375.00 did not go through');
    expect(failed.html).toContain('Your card was declined.');
    expect(failed.html).toContain('Try again');
  });

  it('a status update reads as news, not as a stage ("is now in Signed")', () => {
    const r = render('status-update', { projectName: 'Bakery website', status: 'Signed' });
    expect(r.html).toContain('News about your project <strong>Bakery website</strong>: <strong>Signed</strong>.');
    expect(r.html).not.toContain('is now in');
  });
});

describe('the default templates rendered', () => {
  it('escapes every default template against the corpus', () => {
    for (const tpl of DEFAULT_EMAIL_TEMPLATES) {
      for (const payload of XSS_CORPUS) {
        const vars = Object.fromEntries(tpl.variables.map((v) => [v, payload]));
        const r = renderTemplate(tpl, vars);
        expectInert(r.html, payload);
        expect(r.subject).not.toMatch(/[\r\n]/);
      }
    }
  });
});

describe('the contact confirmation (sent to an address nobody verified)', () => {
  const confirmation = findDefaultTemplate('contact-confirmation')!;

  it("declares and uses no visitor-written variable, only the studio's details", () => {
    expect(confirmation.variables).toEqual([...CONTACT_CONFIRMATION_VARIABLES]);
    const used = placeholders(`${confirmation.subject}${confirmation.html}`);
    expect(used.filter((v) => VISITOR_TEXT_VARIABLES.has(v) || v === 'projectType')).toEqual([]);
    expect(unknownPlaceholders({ ...confirmation, html: '<p>Hi ${name}</p>' })).toEqual(['name']);
  });

  it('renders the studio settings and nothing a visitor passed along', () => {
    const studio = { businessName: 'Acme Studio', postalAddress: '1 Main St', contactEmail: 'hi@acme.example' };
    const hostile = { name: 'Bank Support', subject: 'Your account https://evil.example/login', message: 'Log in' };
    const rendered = renderTemplate(
      confirmation,
      declaredValues(confirmation.variables, { ...hostile, ...studioTemplateVariables(studio) }),
    );
    expect(rendered.subject).toBe('Thanks for reaching out');
    expect(rendered.html).toContain('Acme Studio');
    expect(rendered.html).toContain('1 Main St');
    expect(rendered.html).toContain('hi@acme.example');
    for (const text of ['Bank Support', 'evil', 'Log in']) expect(rendered.html).not.toContain(text);
  });
});
