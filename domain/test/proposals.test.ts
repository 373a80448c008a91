import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONTRACT_SECTIONS,
  CONTRACT_TEMPLATE_VARIABLES,
  contractTemplates,
  contractTemplateSchema,
  DEFAULT_CONTRACT_TEMPLATE,
  DEFAULT_CONTRACT_TEXT,
  DEFAULT_PROPOSAL_SETTINGS,
  NOT_LEGAL_ADVICE,
  placeholders,
  previewContract,
  proposalCanonicalText,
  proposalDocumentSchema,
  proposalTimeline,
  readProposalSettings,
  renderContract,
  SAMPLE_TEMPLATE_VARIABLES,
  signProposalSchema,
  base64Bytes,
  pngSize,
  SIGNING_MESSAGES,
  splitPhaseHours,
  studioLocalTime,
  type ProposalDocument,
} from '../src/index.js';
import {
  COUNTERSIGN_BEFORE_SET_UP,
  countersignHoldError,
  proposalStatusWhenLinksDie,
  holdsSetUpForCountersign,
  keptOnErasure,
  readProposalSettings as readSettingsForHold,
  verifyOutcome,
} from '../src/index.js';

describe('proposalTimeline', () => {
  it('lays phases on working days at weekly capacity / 5 a day', () => {
    // 2026-11-30 is a Monday; 20 h a week = 4 h a day.
    const t = proposalTimeline({
      start: '2026-11-30',
      weeklyCapacityHours: 20,
      phases: [
        { name: 'Design', hours: 8 },
        { name: 'Build', hours: 22 },
        { name: 'Launch', hours: 2 },
      ],
    });
    expect(t).toEqual([
      { name: 'Design', hours: 8, start: '2026-11-30', end: '2026-12-01' },
      // Hours 8..30: working days 2..7 (Wednesday to the next Wednesday, over the weekend).
      { name: 'Build', hours: 22, start: '2026-12-02', end: '2026-12-09' },
      // Hours 30..32: the rest of day 7.
      { name: 'Launch', hours: 2, start: '2026-12-09', end: '2026-12-09' },
    ]);
  });

  it('a weekend start begins on Monday', () => {
    const [p] = proposalTimeline({ start: '2026-11-28', weeklyCapacityHours: 40, phases: [{ name: 'A', hours: 8 }] });
    expect(p).toMatchObject({ start: '2026-11-30', end: '2026-11-30' });
  });

  it('a 0-hour phase takes the day the previous one ended on', () => {
    const t = proposalTimeline({
      start: '2026-11-30',
      weeklyCapacityHours: 40,
      phases: [
        { name: 'A', hours: 0 },
        { name: 'B', hours: 12 },
        { name: 'C', hours: 0 },
      ],
    });
    expect(t.map((p) => [p.start, p.end])).toEqual([
      ['2026-11-30', '2026-11-30'],
      ['2026-11-30', '2026-12-01'],
      ['2026-12-01', '2026-12-01'],
    ]);
  });

  it('fractional hours add up exactly', () => {
    const t = proposalTimeline({
      start: '2026-11-30',
      weeklyCapacityHours: 5,
      phases: [
        { name: 'A', hours: 0.1 },
        { name: 'B', hours: 0.2 },
        { name: 'C', hours: 0.7 },
        { name: 'D', hours: 0.01 },
      ],
    });
    // 1 h a day: A, B and C fill Monday exactly; D starts Tuesday.
    expect(t.map((p) => p.end)).toEqual(['2026-11-30', '2026-11-30', '2026-11-30', '2026-12-01']);
    expect(t[3]!.start).toBe('2026-12-01');
  });

  it('refuses a bad date, capacity or estimate', () => {
    expect(() => proposalTimeline({ start: '2026-02-30', weeklyCapacityHours: 20, phases: [] })).toThrow(RangeError);
    expect(() => proposalTimeline({ start: '30/11/2026', weeklyCapacityHours: 20, phases: [] })).toThrow(RangeError);
    expect(() => proposalTimeline({ start: '2026-11-30', weeklyCapacityHours: 0, phases: [] })).toThrow(RangeError);
    expect(() =>
      proposalTimeline({ start: '2026-11-30', weeklyCapacityHours: 20, phases: [{ name: 'A', hours: -1 }] }),
    ).toThrow(RangeError);
  });

  it('is monotone: each phase starts no earlier than the previous one and ends no earlier than it starts', () => {
    for (let seed = 1; seed < 200; seed++) {
      const phases = Array.from({ length: 1 + (seed % 5) }, (_, i) => ({
        name: `P${i}`,
        hours: ((seed * (i + 7)) % 97) / 4,
      }));
      const t = proposalTimeline({ start: '2026-11-30', weeklyCapacityHours: 1 + (seed % 40), phases });
      for (let i = 0; i < t.length; i++) {
        expect(t[i]!.end >= t[i]!.start).toBe(true);
        if (i > 0) expect(t[i]!.start >= t[i - 1]!.start).toBe(true);
      }
    }
  });
});

describe('splitPhaseHours', () => {
  it('shares the hours evenly, the remainder first, in hundredths', () => {
    expect(splitPhaseHours(10, ['A', 'B', 'C'])).toEqual([
      { name: 'A', hours: 3.34 },
      { name: 'B', hours: 3.33 },
      { name: 'C', hours: 3.33 },
    ]);
    expect(splitPhaseHours(12, [])).toEqual([{ name: 'Project', hours: 12 }]);
  });
});

describe('contract templates', () => {
  it('the default text has every section, the not-legal-advice note, and only known variables', () => {
    for (const s of CONTRACT_SECTIONS) expect(DEFAULT_CONTRACT_TEXT).toMatch(new RegExp(`^\\d\\. ${s}$`, 'm'));
    expect(DEFAULT_CONTRACT_TEXT).toContain(NOT_LEGAL_ADVICE);
    expect(DEFAULT_CONTRACT_TEXT).toMatch(/final invoice in full, the Studio transfers/);
    expect(contractTemplateSchema.safeParse(DEFAULT_CONTRACT_TEMPLATE).success).toBe(true);
  });

  it('uses the email templates’ variable list', () => {
    expect([...CONTRACT_TEMPLATE_VARIABLES].sort()).toEqual(Object.keys(SAMPLE_TEMPLATE_VARIABLES).sort());
    for (const p of placeholders(DEFAULT_CONTRACT_TEXT)) expect(CONTRACT_TEMPLATE_VARIABLES).toContain(p);
  });

  it('renders as plain text: no HTML escaping, undeclared names and missing values empty', () => {
    const out = renderContract('Dear ${name}, <b>${ subject }</b> ${unknown}${quoteAmount}.', {
      name: 'O’Brien & Sons <Ltd>',
      subject: 'Shop',
      unknown: 'leak',
    });
    expect(out).toBe('Dear O’Brien & Sons <Ltd>, <b>Shop</b> .');
  });

  it('the preview shows a lead’s data, sample values for the rest', () => {
    const text = previewContract(
      '${name} ${quoteAmount} ${studioName}',
      { name: 'Maya Chen', quoteAmountCents: 123450 },
      {
        studioName: 'Northwind',
      },
    );
    expect(text).toBe('Maya Chen $1,234.50 Northwind');
  });

  it('refuses a template with an unknown variable or a bad id', () => {
    const bad = contractTemplateSchema.safeParse({ id: 'web', name: 'Web', text: 'Hi ${nope}' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Unknown variables: nope');
    expect(contractTemplateSchema.safeParse({ id: 'Web Site', name: 'Web', text: 'Hi' }).success).toBe(false);
  });

  it('the default comes first, replaced by the owner’s edit when stored', () => {
    expect(contractTemplates(DEFAULT_PROPOSAL_SETTINGS).map((t) => t.id)).toEqual(['default']);
    const s = readProposalSettings({
      weeklyCapacityHours: 30,
      countersign: false,
      contractTemplates: [
        { id: 'retainer', name: 'Retainer', text: 'R' },
        { id: 'default', name: 'Mine', text: 'M' },
      ],
      version: 3,
    });
    expect(contractTemplates(s).map((t) => [t.id, t.name])).toEqual([
      ['default', 'Mine'],
      ['retainer', 'Retainer'],
    ]);
    expect(readProposalSettings({ weeklyCapacityHours: 'x' })).toEqual(DEFAULT_PROPOSAL_SETTINGS);
  });
});

/** A 1×1 grey PNG. */
const DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';
/** A 2001×1 grey PNG (base64). */
const WIDE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAB9EAAAABCAAAAABMVAGfAAAAF0lEQVR4nGNgGAWjYBSMglEwCkbB0AcAB9IAARDr9/MAAAAASUVORK5CYII=';

describe('signing', () => {
  const base = { leadId: 'l1', token: 't1', documentSha256: 'a'.repeat(64), consent: true, fullName: 'Maya Chen' };

  it('needs consent and a full name', () => {
    expect(signProposalSchema.safeParse(base).success).toBe(true);
    const noConsent = signProposalSchema.safeParse({ ...base, consent: false });
    expect(noConsent.error?.issues[0]?.message).toBe(SIGNING_MESSAGES.consent);
    const noName = signProposalSchema.safeParse({ ...base, fullName: ' ' });
    expect(noName.error?.issues[0]?.message).toBe(SIGNING_MESSAGES.fullName);
  });

  it('takes only a real PNG of bounded size and dimensions as the drawing', () => {
    const sign = (signaturePng: string) => signProposalSchema.safeParse({ ...base, signaturePng });
    expect(sign(DOT_PNG).success).toBe(true);
    // A PNG label on something else: the signature alone, an SVG with a script, HTML.
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo=',
      `data:image/png;base64,${svg}`,
      `data:image/png;base64,${btoa('<html><script>alert(1)</script></html>')}`,
      'data:image/svg+xml;base64,PHN2Zz4=',
      `data:image/png;base64,${'A'.repeat(48_000)}`,
      // 2001 × 1 pixels: wider than any signing canvas.
      `data:image/png;base64,${WIDE_PNG}`,
    ]) {
      const r = sign(bad);
      expect(r.success, bad.slice(0, 60)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(SIGNING_MESSAGES.signature);
    }
  });

  it('reads a PNG size from its IHDR, and refuses bytes that are not one', () => {
    expect(pngSize(base64Bytes(DOT_PNG.split(',')[1]!)!)).toEqual({ width: 1, height: 1 });
    expect(pngSize(base64Bytes(WIDE_PNG)!)).toEqual({ width: 2001, height: 1 });
    // A flipped bit in the IHDR breaks its CRC.
    const bytes = base64Bytes(WIDE_PNG)!;
    bytes[17] = bytes[17]! ^ 1;
    expect(pngSize(bytes)).toBeNull();
    expect(base64Bytes('not base64!')).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (random) => {
        expect(pngSize(random)).toBeNull();
      }),
    );
  });

  it('the canonical text changes with any field of the document', () => {
    const doc: ProposalDocument = proposalDocumentSchema.parse({
      title: 'Shop',
      clientName: 'Maya',
      clientEmail: 'm@example.com',
      studioName: 'Studio',
      features: 'Shop',
      phases: [{ name: 'Phase 1', description: 'Design' }],
      timeline: [{ name: 'Phase 1', hours: 8, start: '2026-11-30', end: '2026-12-01' }],
      weeklyCapacityHours: 20,
      quoteAmountCents: 100000,
      depositAmountCents: 50000,
      finalAmountCents: 50000,
      servicePlan: null,
      contractName: 'Default contract',
      contractText: 'Text',
    });
    const a = proposalCanonicalText(doc);
    expect(proposalCanonicalText({ ...doc })).toBe(a);
    expect(proposalCanonicalText({ ...doc, contractText: 'Text ' })).not.toBe(a);
    expect(proposalCanonicalText({ ...doc, depositAmountCents: 50001 })).not.toBe(a);
  });

  it('names the signing time on the studio’s clock', () => {
    expect(studioLocalTime(new Date('2026-11-27T14:04:05Z'), 'Europe/Paris')).toBe(
      'November 27, 2026 at 3:04:05 PM (Europe/Paris)',
    );
  });
});

describe('the Set up hold until the countersignature', () => {
  it('holds only with countersigning and the hold on, for a proposal that needs a countersignature', () => {
    expect(holdsSetUpForCountersign({ countersign: true, holdSetUpUntilCountersigned: true }, true)).toBe(true);
    expect(holdsSetUpForCountersign({ countersign: true, holdSetUpUntilCountersigned: false }, true)).toBe(false);
    expect(holdsSetUpForCountersign({ countersign: false, holdSetUpUntilCountersigned: true }, true)).toBe(false);
    expect(holdsSetUpForCountersign({ countersign: true, holdSetUpUntilCountersigned: true }, false)).toBe(false);
  });

  it('a held project may not reach Set up or any later stage; the stages before the work and Canceled stay open', () => {
    for (const to of ['Set up', 'Production', 'Beta', 'Launch', 'Maintenance', 'Won'])
      expect(countersignHoldError(to, 'p1'), to).toBe(COUNTERSIGN_BEFORE_SET_UP);
    for (const to of ['Quote Accepted', 'Deposit Paid', 'Canceled']) expect(countersignHoldError(to, 'p1')).toBeNull();
    expect(countersignHoldError('Set up', null)).toBeNull();
  });

  it('settings saved before the hold existed read with it on', () => {
    expect(readSettingsForHold({ weeklyCapacityHours: 10, countersign: true, contractTemplates: [] })).toMatchObject({
      holdSetUpUntilCountersigned: true,
    });
  });
});

describe("the board card's proposal when the quote's links die", () => {
  it('drops an unsigned proposal (Sent, Viewed) and keeps a signed one (Signed, Countersigned)', () => {
    expect(proposalStatusWhenLinksDie('Sent')).toBeNull();
    expect(proposalStatusWhenLinksDie('Viewed')).toBeNull();
    expect(proposalStatusWhenLinksDie(null)).toBeNull();
    expect(proposalStatusWhenLinksDie(undefined)).toBeNull();
    expect(proposalStatusWhenLinksDie('Signed')).toBe('Signed');
    expect(proposalStatusWhenLinksDie('Countersigned')).toBe('Countersigned');
  });
});

describe('verify page and erasure', () => {
  it('says which stage a PDF is, or that it is not the record', () => {
    expect(verifyOutcome('abc', { matches: true, stage: 'countersigned' })).toEqual({
      matches: true,
      message: 'Verified: this PDF is the countersigned proposal abc, unchanged.',
    });
    expect(verifyOutcome('abc', { matches: false, stage: null }).matches).toBe(false);
  });

  it('erasure keeps a signed proposal only', () => {
    expect(keptOnErasure({ signature: { fullName: 'A' } })).toBe(true);
    expect(keptOnErasure({ signature: null })).toBe(false);
  });
});
