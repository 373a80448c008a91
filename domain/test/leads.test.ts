import { describe, expect, it } from 'vitest';
import { dashboardTiles, groupLeadsForBoard, newLeadRecord, toLeadDto, type LeadStatus } from '../src/index.js';

const lead = (
  status: LeadStatus,
  extra: Partial<{ notes: string; quoteAmountCents: number | null; depositAmountCents: number | null }> = {},
) => ({
  status,
  notes: '',
  quoteAmountCents: null,
  depositAmountCents: null,
  ...extra,
});

describe('groupLeadsForBoard', () => {
  it('puts each status in its column or bucket and hides test data', () => {
    const leads = [
      lead('New'),
      lead('Launch'),
      lead('Complete'),
      lead('Lost', { notes: 'Dead Reason: No Response - 1/2/2026' }),
      lead('Lost', { notes: 'x\nDead Reason: Test Data - 1/2/2026' }),
      lead('Payment Failed'),
    ];
    const g = groupLeadsForBoard(leads);
    expect(Object.keys(g.columns)).toEqual(['New', 'Contacted', 'Quoted', 'Set Up', 'Production', 'Launch']);
    expect(g.columns.New).toHaveLength(1);
    expect(g.columns.Launch).toHaveLength(1);
    expect(g.won).toHaveLength(1);
    expect(g.dead).toHaveLength(1);
  });
});

describe('dashboardTiles', () => {
  it('counts and sums as spec §9 defines, Open Invoices from what the open documents owe', () => {
    const receivables = { count: 2, owedCents: 1_300_00, overdueCount: 1, overdueCents: 1_200_00 };
    const tiles = dashboardTiles(
      [
        lead('Quoted', { quoteAmountCents: 100_00 }),
        lead('Quoted', { quoteAmountCents: 50_00 }),
        lead('Set Up', { quoteAmountCents: 200_00, depositAmountCents: 100_00 }),
        lead('Set Up'),
        lead('Production', { quoteAmountCents: 300_00 }),
        lead('Launch', { quoteAmountCents: 400_00 }),
        lead('Launch'),
        lead('New', { quoteAmountCents: 999_00 }),
      ],
      receivables,
    );
    expect(tiles.map((t) => [t.label, t.count, t.totalCents])).toEqual([
      ['Open Quotes', 2, 150_00],
      ['Accepted', 5, 900_00],
      // Not the Set Up leads' deposits (a paid deposit is not open): docs/statuses.md.
      ['Open Invoices', 2, 1_300_00],
      ['Completed', 1, 400_00],
    ]);
    expect(tiles[2]!.detail).toBe('$1,200.00 overdue');
    expect(dashboardTiles([], null)[2]).toMatchObject({ count: 0, totalCents: 0 });
  });
});

describe('toLeadDto', () => {
  it('shows money as 2-decimal strings and dates as ISO', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const record = {
      ...newLeadRecord({ name: 'A', email: 'a@b.co', projectType: 'Web Project', subject: 's', message: 'm' }),
      quoteAmountCents: 123450,
      createdAt: at,
      updatedAt: at,
    };
    const dto = toLeadDto('id1', record);
    expect(dto).toMatchObject({
      id: 'id1',
      quoteAmount: '1234.50',
      depositAmount: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      status: 'New',
    });
    expect(dto).not.toHaveProperty('quoteAmountCents');
    expect(dto.quoteAcceptedAt).toBeNull();
  });

  it('carries the §3 plan fields and quoteAcceptedAt (ISO) as the stored lead schema reads them', async () => {
    const { leadDocSchema } = await import('../src/storedDocuments.js');
    const { leadReply } = await import('../src/replies.js');
    const ts = (d: string) => ({ toDate: () => new Date(d) });
    const stored = leadDocSchema.parse({
      name: 'A',
      status: 'Set Up',
      phase1: 'Discovery',
      database: 'Postgres',
      integrations: 'Stripe',
      techStack: 'React',
      automationAI: 'Bots',
      detectedFeatures: 'Postgres\nStripe',
      quoteAcceptedAt: ts('2026-01-05T00:00:00Z'),
      createdAt: ts('2026-01-02T00:00:00Z'),
    });
    const dto = leadReply.parse(toLeadDto('id2', stored));
    expect(dto).toMatchObject({
      phase1: 'Discovery',
      database: 'Postgres',
      integrations: 'Stripe',
      techStack: 'React',
      automationAI: 'Bots',
      detectedFeatures: 'Postgres\nStripe',
      quoteAcceptedAt: '2026-01-05T00:00:00.000Z',
    });
    // A malformed acceptance time reads as none instead of dropping the lead.
    expect(leadDocSchema.parse({ name: 'A', status: 'New', quoteAcceptedAt: 'yesterday' }).quoteAcceptedAt).toBeNull();
  });
});

describe('the lead reply and the stored lead', () => {
  // Stored fields the admin API never shows: payment bookkeeping, the board card's own counters, links
  // kept by other slices. A stored field in neither this list nor the reply fails the test below, so a new
  // field is either shown or named here, never dropped by the reply's parse without a word.
  const SERVER_ONLY = [
    'statusBeforePaymentFailed',
    'stripeDepositPaymentId',
    'stripeFinalPaymentId',
    'depositPaidAt',
    'finalPaidAt',
    'acceptedQuote',
    'stripeCustomerId',
    'source',
    'contactId',
    'orderId',
    'replitProjectId',
    'replitProjectUrl',
    'replitDeployed',
    'replitDeploymentUrl',
    'replitSyncedAt',
    'proposalStatus',
    'unreadMessages',
  ];
  // Stored in cents, shown as 2-decimal strings (toLeadDto).
  const SHOWN_AS: Record<string, string> = {
    quoteAmountCents: 'quoteAmount',
    depositAmountCents: 'depositAmount',
    finalAmountCents: 'finalAmount',
  };

  it('shows every stored field but the server-only ones, and nothing else', async () => {
    const { leadDocFieldsSchema } = await import('../src/storedDocuments.js');
    const { leadReply } = await import('../src/replies.js');
    const stored = Object.keys(leadDocFieldsSchema.shape);
    for (const f of SERVER_ONLY) expect(stored, `${f} is no longer stored: drop it from SERVER_ONLY`).toContain(f);
    const shown = stored.filter((f) => !SERVER_ONLY.includes(f)).map((f) => SHOWN_AS[f] ?? f);
    expect(Object.keys(leadReply.shape).sort()).toEqual(['id', ...shown].sort());
  });

  it('toLeadDto fills every field of the reply, for a lead stored with none of its optional fields', async () => {
    const { leadDocSchema } = await import('../src/storedDocuments.js');
    const { leadReply } = await import('../src/replies.js');
    const dto = toLeadDto('id3', leadDocSchema.parse({ name: 'A', status: 'New' }));
    const required = Object.entries(leadReply.shape)
      .filter(([, s]) => !s.safeParse(undefined).success)
      .map(([k]) => k);
    for (const k of required) expect(dto, k).toHaveProperty(k);
    expect(leadReply.strict().safeParse(dto).success).toBe(true);
  });
});
