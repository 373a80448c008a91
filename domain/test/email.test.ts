import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_CONFIRMATION_VARIABLES,
  declaredValues,
  DEFAULT_TEMPLATE_ID,
  EMAIL_HTML_MAX_BYTES,
  EMAIL_SUBJECT_MAX,
  emailSubject,
  EMAIL_TEMPLATE_IDS,
  emailTemplateUpdateSchema,
  escapeHtml,
  isFinalOutboxStatus,
  isRetryableSendStatus,
  mailboxKey,
  MISSING_FIELDS_TOAST,
  OUTBOX_MAX_ATTEMPTS,
  outboxRetryDelayMs,
  placeholders,
  renderTemplate,
  safeUrl,
  SAMPLE_TEMPLATE_VARIABLES,
  stripLineBreaks,
  templateTestSchema,
  templateVariablesFromLead,
  testEmailSchema,
  TEST_CENTER_PRESETS,
  unknownPlaceholders,
  SUBJECT_VISITOR_TEXT_MAX,
  utf8Length,
} from '../src/email.js';
import { fieldErrors } from '../src/schemas.js';
import { expectInert, XSS_CORPUS } from './xssCorpus.js';

describe('template ids', () => {
  it('opens the templates page on the contact confirmation', () => {
    expect(DEFAULT_TEMPLATE_ID).toBe('contact-confirmation');
    expect(EMAIL_TEMPLATE_IDS[0]).toBe(DEFAULT_TEMPLATE_ID);
  });

  it('test-center presets name template ids', () => {
    expect(TEST_CENTER_PRESETS.map((p) => p.key)).toEqual(['contact', 'quote', 'status']);
    for (const p of TEST_CENTER_PRESETS) expect(EMAIL_TEMPLATE_IDS).toContain(p.templateId);
  });
});

describe('placeholders', () => {
  it('lists names once, in order, trimmed, including malformed ones', () => {
    expect(placeholders('Hi ${name}, ${ name }! ${quote_link} ${} ${a b} $name {x}')).toEqual([
      'name',
      'quote_link',
      '',
      'a b',
    ]);
  });

  it('flags placeholders the template does not declare', () => {
    const t = { subject: 'Hi ${who} ${nmae}', html: '<p>${who} ${total}</p>', variables: ['who'] };
    expect(unknownPlaceholders(t)).toEqual(['nmae', 'total']);
    expect(unknownPlaceholders({ ...t, variables: ['who', 'nmae', 'total'] })).toEqual([]);
  });
});

describe('renderTemplate', () => {
  const t = {
    subject: 'Hello ${who}',
    html: '<p>Hi ${who}</p><a href="${link}">x</a><a href="mailto:${addr}">m</a><td title=${title}>t</td>',
  };

  it('substitutes values and leaves missing ones empty', () => {
    const r = renderTemplate(t, { who: 'Ada', link: 'https://ok.example/path?a=1&b=2', addr: 'ada@example.com' });
    expect(r.subject).toBe('Hello Ada');
    expect(r.html).toBe(
      '<p>Hi Ada</p><a href="https://ok.example/path?a=1&amp;b=2">x</a><a href="mailto:ada@example.com">m</a><td title=>t</td>',
    );
  });

  it('keeps visitor text out of links, and short and unlinkable in subjects', () => {
    const phish = 'Your account is locked. Verify now at https://evil.example/login';
    const r = renderTemplate(
      { subject: 'Thanks, ${name}', html: '<p>${name}</p><a href="${email}">x</a><p>${message}</p>' },
      { name: phish, email: 'https://evil.example', message: 'mail me: a@evil.example or www.evil.example' },
    );
    expect(r.subject).toBe('Thanks, Your account is locked. Verify now at h…');
    expect([...r.subject.replace('Thanks, ', '').replaceAll('\u200b', '')]).toHaveLength(SUBJECT_VISITOR_TEXT_MAX);
    expect(renderTemplate({ subject: 'Hi ${name}', html: '' }, { name: 'ada@evil.example' }).subject).toBe(
      'Hi ada@\u200bevil.\u200bexample',
    );
    expect(renderTemplate({ subject: 'Hi ${name}', html: '' }, { name: 'Ada Lovelace' }).subject).toBe(
      'Hi Ada Lovelace',
    );
    expect(r.html).toContain('<a href="#">x</a>');
    // No URL, domain or address survives intact for a mail client to link.
    for (const linkable of ['https://evil', 'evil.example', 'a@evil', 'www.evil'])
      expect(r.html).not.toContain(linkable);
    expect(r.html.replaceAll('&#8203;', '')).toContain(phish);
  });

  it('accepts every listed variable in the subject and the html, and nothing else', () => {
    const variables = ['name', 'projectType'];
    expect(unknownPlaceholders({ subject: 'Hi ${name}', html: '<p>${name}</p>', variables })).toEqual([]);
    expect(unknownPlaceholders({ subject: 'About ${projectType}', html: '<p>${name}</p>', variables })).toEqual([]);
    expect(unknownPlaceholders({ subject: 'Hi ${email}', html: '<p>${bogus}</p>', variables })).toEqual([
      'email',
      'bogus',
    ]);
  });

  it('escapes more inside a tag than inside a quoted value', () => {
    const v = { v: 'a b=c`d"e' };
    expect(renderTemplate({ subject: '', html: '<td title="${v}" class=${v}>' }, v).html).toBe(
      '<td title="a b=c`d&quot;e" class=a&#32;b&#61;c&#96;d&quot;e>',
    );
  });

  it('a > inside quotes does not end the tag', () => {
    const v = { v: 'x onmouseover=alert(1)' };
    expect(renderTemplate({ subject: '', html: '<a title="a>b" class=${v}>t</a>' }, v).html).toBe(
      '<a title="a>b" class=x&#32;onmouseover&#61;alert(1)>t</a>',
    );
    expect(renderTemplate({ subject: '', html: '<p>a < b ${v}</p><!-- <a href="${v}"> -->' }, v).html).toBe(
      '<p>a < b x onmouseover=alert(1)</p><!-- <a href="x onmouseover=alert(1)"> -->',
    );
    expect(renderTemplate({ subject: '', html: "<a href='${v}'>" }, { v: 'javascript:x' }).html).toBe("<a href='#'>");
  });

  it('escapes text values', () => {
    expect(renderTemplate({ subject: '', html: '<p>${v}</p>' }, { v: `<b>"Tom" & 'Jerry'</b>` }).html).toBe(
      '<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>',
    );
  });

  it('does not re-substitute placeholders inside values', () => {
    expect(renderTemplate({ subject: '${a}', html: '<p>${a}</p>' }, { a: '${b}', b: 'LEAK' })).toEqual({
      subject: '${b}',
      html: '<p>${b}</p>',
    });
  });

  it('ignores inherited keys', () => {
    expect(renderTemplate({ subject: '${constructor}${toString}', html: '${__proto__}' }, {})).toEqual({
      subject: '',
      html: '',
    });
  });

  it.each(XSS_CORPUS)('keeps %j inert in text, attributes and links', (payload) => {
    const r = renderTemplate(t, { name: payload, link: payload, email: payload, title: payload });
    expectInert(r.html, payload);
    // Unquoted attributes cannot be split: no raw whitespace, quote or `=` from the value.
    const title = /<td title=([^>]*)>/.exec(r.html)?.[1] ?? '';
    expect(title).not.toMatch(/[\s"'`=<>]/);
  });

  it('turns non-http links into #', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      '//evil.example/x',
    ]) {
      expect(renderTemplate({ subject: '', html: '<a href="${u}">x</a>' }, { u: bad }).html, bad).toBe(
        '<a href="#">x</a>',
      );
    }
    for (const ok of ['https://a.example', 'http://a.example', 'mailto:a@b.example', '/relative', '#anchor']) {
      expect(safeUrl(ok)).toBe(ok);
    }
  });

  it('javascript: in text stays plain text', () => {
    expect(renderTemplate({ subject: '', html: '<p>${v}</p>' }, { v: 'javascript:alert(1)' }).html).toBe(
      '<p>javascript:alert(1)</p>',
    );
  });

  it('strips CR/LF from the subject after substitution (no header injection)', () => {
    const r = renderTemplate({ subject: 'Hi ${who}\r\n', html: '' }, { who: 'Ada\r\nBcc: victim@example.com\nX' });
    expect(r.subject).toBe('Hi Ada Bcc: victim@example.com X');
    expect(r.subject).not.toMatch(/[\r\n]/);
    expect(stripLineBreaks('a\u2028b\u0000c')).toBe('a b c');
  });

  it('escapeHtml covers the five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('templateVariablesFromLead', () => {
  it('uses the lead where it has data and samples elsewhere', () => {
    const v = templateVariablesFromLead({
      name: 'Real Lead',
      email: 'real@example.com',
      phone: null,
      subject: 'Shop',
      quoteAmountCents: 123450,
      depositAmountCents: 61725,
    });
    expect(v).toMatchObject({
      name: 'Real Lead',
      email: 'real@example.com',
      phone: SAMPLE_TEMPLATE_VARIABLES.phone,
      projectName: 'Shop',
      quoteAmount: '$1,234.50',
      depositAmount: '$617.25',
    });
    expect(templateVariablesFromLead(null)).toEqual(SAMPLE_TEMPLATE_VARIABLES);
  });
});

describe('schemas', () => {
  it('template update: subject and html required, strict, capped', () => {
    expect(fieldErrors(emailTemplateUpdateSchema.safeParse({}).error!)).toEqual({
      subject: 'Subject is required',
      html: 'Message content is required',
    });
    expect(fieldErrors(emailTemplateUpdateSchema.safeParse({ subject: ' ', html: ' ' }).error!)).toEqual({
      subject: 'Subject is required',
      html: 'Message content is required',
    });
    expect(fieldErrors(emailTemplateUpdateSchema.safeParse({ subject: 's', html: 'h', id: 'x' }).error!)).toEqual({
      id: 'Unknown field',
    });
    expect(
      fieldErrors(emailTemplateUpdateSchema.safeParse({ subject: 'x'.repeat(201), html: 'h' }).error!).subject,
    ).toMatch(/at most 200/);
    expect(
      emailTemplateUpdateSchema.safeParse({ subject: 'x'.repeat(200), html: 'a'.repeat(EMAIL_HTML_MAX_BYTES) }).success,
    ).toBe(true);
    expect(
      fieldErrors(
        emailTemplateUpdateSchema.safeParse({ subject: 's', html: 'a'.repeat(EMAIL_HTML_MAX_BYTES + 1) }).error!,
      ).html,
    ).toMatch(/50 KB/);
    // 50 KB is bytes: 2-byte characters count twice.
    expect(
      emailTemplateUpdateSchema.safeParse({ subject: 's', html: 'é'.repeat(EMAIL_HTML_MAX_BYTES / 2 + 1) }).success,
    ).toBe(false);
  });

  it('template update: subject loses its line breaks', () => {
    expect(emailTemplateUpdateSchema.parse({ subject: 'A\r\nB', html: '<p>x</p>' }).subject).toBe('A B');
  });

  it('template test: needs an address', () => {
    expect(fieldErrors(templateTestSchema.safeParse({}).error!)).toEqual({
      testEmail: 'Test email address is required',
    });
    expect(fieldErrors(templateTestSchema.safeParse({ testEmail: 'nope' }).error!)).toEqual({
      testEmail: 'Please enter a valid email address',
    });
    expect(templateTestSchema.parse({ testEmail: ' Me@Example.com ' })).toEqual({ testEmail: 'me@example.com' });
  });

  it('test email: to, subject and html required, with field messages', () => {
    expect(fieldErrors(testEmailSchema.safeParse({}).error!)).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
      html: 'Message content is required',
    });
    expect(fieldErrors(testEmailSchema.safeParse({ to: 'x', subject: 's', html: 'h' }).error!)).toEqual({
      to: 'Please enter a valid email address',
    });
    expect(testEmailSchema.parse({ to: 'a@b.example', subject: 's', html: '<p>h</p>' })).toEqual({
      to: 'a@b.example',
      subject: 's',
      html: '<p>h</p>',
    });
    expect(MISSING_FIELDS_TOAST).toEqual({
      title: 'Missing Required Fields',
      description: 'Please fill in recipient email, subject, and message content.',
    });
  });

  it('utf8Length counts bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});

describe('declaredValues', () => {
  it('keeps only the declared variables that have a value', () => {
    expect(declaredValues(['a', 'b', 'c'], { a: 'x', b: null, d: 'y' })).toEqual({ a: 'x' });
    expect(declaredValues(['toString'], {})).toEqual({});
    // A stored override still using a withdrawn variable renders it empty.
    const stale = { subject: 'Hi ${name}', html: '<p>Hi ${name}, from ${studioName}</p>' };
    const out = renderTemplate(
      stale,
      declaredValues(CONTACT_CONFIRMATION_VARIABLES, { name: 'Eve', studioName: 'Studio' }),
    );
    expect(out).toEqual({ subject: 'Hi', html: '<p>Hi , from Studio</p>' });
  });
});

describe("mailboxKey (the per-recipient limit's key)", () => {
  it('lower-cases, trims and drops the +tag', () => {
    expect(mailboxKey('  Victim@Example.COM ')).toBe('victim@example.com');
    expect(mailboxKey('victim+1@example.com')).toBe('victim@example.com');
    expect(mailboxKey('victim+a+b@example.com')).toBe('victim@example.com');
    expect(mailboxKey('+only@example.com')).toBe('@example.com');
  });

  it('drops dots for gmail.com and googlemail.com only, on one domain', () => {
    expect(mailboxKey('Vic.Tim+x@gmail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('v.i.c.t.i.m@googlemail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('vic.tim@example.com')).toBe('vic.tim@example.com');
    expect(mailboxKey('victim@gmail.com.')).toBe('victim@gmail.com');
  });

  it('keeps different mailboxes apart', () => {
    expect(mailboxKey('victim@example.com')).not.toBe(mailboxKey('victim@example.org'));
    expect(mailboxKey('victim1@gmail.com')).not.toBe(mailboxKey('victim@gmail.com'));
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });
});

describe('outbox policy', () => {
  it('retries 429, 5xx and network failures only', () => {
    for (const s of [429, 500, 502, 503, null, undefined]) expect(isRetryableSendStatus(s), String(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 413]) expect(isRetryableSendStatus(s), String(s)).toBe(false);
  });

  it('backs off exponentially from the base', () => {
    const minutes = (n: number) => outboxRetryDelayMs(n)! / 60_000;
    expect([1, 2, 3, 4, 5, 6].map(minutes)).toEqual([1, 5, 15, 30, 60, 120]);
    expect(outboxRetryDelayMs(OUTBOX_MAX_ATTEMPTS)).toBeNull();
    // Minutes to hours, at least 24 hours in all.
    const total = Array.from({ length: OUTBOX_MAX_ATTEMPTS - 1 }, (_, i) => outboxRetryDelayMs(i + 1)!).reduce(
      (a, b) => a + b,
      0,
    );
    expect(total).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(outboxRetryDelayMs(2, [10, 20])).toBe(20);
    expect(outboxRetryDelayMs(3, [10, 20])).toBeNull();
  });

  it('knows the final statuses', () => {
    expect(['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED'].map(isFinalOutboxStatus)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('emailSubject (every template subject line)', () => {
  it('returns a subject that fits as it is, without line breaks', () => {
    expect(emailSubject('Invoice INV-2026-0007: Extra hours')).toBe('Invoice INV-2026-0007: Extra hours');
    expect(emailSubject('Hello\r\nBcc: x@example.com')).toBe('Hello Bcc: x@example.com');
  });

  it('cuts a long one at a word, without a dangling separator, ending in "…"', () => {
    const long = `Invoice INV-2026-0007: ${'Website redesign and hosting, '.repeat(7)}`;
    const s = emailSubject(long);
    expect([...s].length).toBeLessThanOrEqual(EMAIL_SUBJECT_MAX);
    expect(s).toMatch(/^Invoice INV-2026-0007: Website redesign/);
    expect(s).toMatch(/[a-z]…$/);
    expect(s.slice(0, -1)).toBe(long.slice(0, s.length - 1));
    // One word longer than the limit is cut inside it.
    expect(emailSubject('x'.repeat(200))).toBe(`${'x'.repeat(EMAIL_SUBJECT_MAX - 1)}…`);
  });

  it('renderTemplate builds every subject with it (a 230-character description gives a short subject)', () => {
    const r = renderTemplate(
      { subject: 'Invoice ${n}: ${d}', html: '' },
      { n: 'INV-2026-0001', d: 'word '.repeat(46) },
    );
    expect([...r.subject].length).toBeLessThanOrEqual(EMAIL_SUBJECT_MAX);
    expect(r.subject).toMatch(/^Invoice INV-2026-0001: word word .*word…$/);
  });

  it('never exceeds the limit, never carries a control character, and keeps what fits (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const s = emailSubject(text);
        expect([...s].length).toBeLessThanOrEqual(EMAIL_SUBJECT_MAX);
        // eslint-disable-next-line no-control-regex -- the property is about control characters
        expect(s).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/);
        const line = stripLineBreaks(text);
        if ([...line].length <= EMAIL_SUBJECT_MAX) expect(s).toBe(line);
        else expect(s.endsWith('…') && line.startsWith(s.slice(0, -1))).toBe(true);
      }),
    );
  });
});
