import { describe, expect, it } from 'vitest';
import {
  DEAD_REASONS,
  deadReasonLine,
  groupLeadsForBoard,
  isTestDataLead,
  leadDeadReason,
  outcomesByReason,
  parseDeadReasonLine,
  pipelineValueByStage,
  shortDeadReason,
  UNSPECIFIED_DEAD_REASON,
  type InsightLead,
  type LeadStatus,
} from '../src/index.js';

const lead = (status: LeadStatus, extra: Partial<InsightLead> = {}): InsightLead => ({
  status,
  quoteAmountCents: null,
  notes: '',
  deadReason: null,
  ...extra,
});
const at = new Date('2026-03-04T10:00:00Z');

describe('parseDeadReasonLine', () => {
  it('reads back every reason deadReasonLine writes, including those containing " - "', () => {
    for (const reason of DEAD_REASONS) expect(parseDeadReasonLine(deadReasonLine(reason, at))).toBe(reason);
  });

  it('reads an unknown reason up to its last " - ", and a line without a date', () => {
    expect(parseDeadReasonLine('Dead Reason: Went with a friend - 1/2/2026')).toBe('Went with a friend');
    expect(parseDeadReasonLine('  Dead Reason: No Response  ')).toBe('No Response');
  });

  it('is null for other lines and an empty reason', () => {
    expect(parseDeadReasonLine('Referred by Maya.')).toBeNull();
    expect(parseDeadReasonLine('Note: Dead Reason: No Response - 1/2/2026')).toBeNull();
    expect(parseDeadReasonLine('Dead Reason: ')).toBeNull();
  });
});

describe('leadDeadReason', () => {
  it('prefers the deadReason field', () => {
    expect(
      leadDeadReason({ status: 'Lost', deadReason: 'Quote Rejected', notes: 'Dead Reason: No Response - 1/2/2026' }),
    ).toBe('Quote Rejected');
  });

  it('falls back to the last Dead Reason note line', () => {
    const notes = [
      'Intro call.',
      'Dead Reason: No Response - 1/2/2026',
      'Revived.',
      deadReasonLine('Contact Canceled', at),
      'Follow-up.',
    ].join('\n');
    expect(leadDeadReason({ status: 'Lost', deadReason: null, notes })).toBe('Contact Canceled');
  });

  it('is null for a lead that is not dead, e.g. revived (the note line stays in its history)', () => {
    const notes = ['Intro call.', deadReasonLine('No Response', at)].join('\n');
    expect(leadDeadReason({ status: 'New', deadReason: null, notes })).toBeNull();
    expect(leadDeadReason({ status: 'Contacted', deadReason: 'No Response', notes })).toBeNull();
  });

  it('is null when nothing names a reason', () => {
    expect(leadDeadReason({ status: 'Lost', deadReason: '  ', notes: 'Just a note' })).toBeNull();
    expect(leadDeadReason({ status: 'Lost' })).toBeNull();
  });
});

describe('isTestDataLead', () => {
  it('matches the note marker or the Test Data reason', () => {
    expect(isTestDataLead({ notes: 'x\nDead Reason: Test Data - 1/2/2026' })).toBe(true);
    expect(isTestDataLead({ deadReason: 'Test Data', notes: '' })).toBe(true);
    expect(isTestDataLead({ deadReason: 'No Response', notes: 'Dead Reason: No Response - 1/2/2026' })).toBe(false);
  });

  it('hides a lead whose deadReason is Test Data from the dead bucket too', () => {
    expect(
      groupLeadsForBoard([lead('Lost', { deadReason: 'Test Data' }), lead('Lost', { deadReason: 'No Response' })]).dead,
    ).toHaveLength(1);
  });

  it('shows Complete, Won (paid in full) and Subscription Expired in the Won bucket, Deposit and Payment Failed in Set Up', () => {
    const board = groupLeadsForBoard([
      lead('Complete'),
      lead('Won'),
      lead('Subscription Expired'),
      lead('Payment Failed'),
      lead('Deposit'),
      lead('Launch'),
    ]);
    expect(board.won.map((l) => l.status)).toEqual(['Complete', 'Won', 'Subscription Expired']);
    expect(board.columns['Set Up'].map((l) => l.status)).toEqual(['Payment Failed', 'Deposit']);
    expect(board.columns.Launch).toHaveLength(1);
  });
});

describe('pipelineValueByStage', () => {
  it('sums quotes per board column in board order (Deposit in Set Up); Won and Dead are left out', () => {
    const stages = pipelineValueByStage([
      lead('New'),
      lead('New', { quoteAmountCents: 10_00 }),
      lead('Quoted', { quoteAmountCents: 3_800_00 }),
      lead('Quoted', { quoteAmountCents: 8_800_50 }),
      lead('Set Up', { quoteAmountCents: 6_200_00 }),
      lead('Launch', { quoteAmountCents: 1 }),
      lead('Complete', { quoteAmountCents: 99_999_00 }),
      lead('Lost', { quoteAmountCents: 99_999_00 }),
      lead('Deposit', { quoteAmountCents: 100 }),
    ]);
    expect(stages.map((s) => [s.stage, s.count, s.quotedCount, s.totalCents])).toEqual([
      ['New', 2, 1, 10_00],
      ['Contacted', 0, 0, 0],
      ['Quoted', 2, 2, 12_600_50],
      ['Set Up', 2, 2, 6_201_00],
      ['Production', 0, 0, 0],
      ['Launch', 1, 1, 1],
    ]);
  });

  it('gives six empty stages for no leads', () => {
    const stages = pipelineValueByStage([]);
    expect(stages).toHaveLength(6);
    expect(stages.every((s) => s.count === 0 && s.totalCents === 0)).toBe(true);
  });
});

describe('outcomesByReason', () => {
  it('counts Complete and Won as won, and groups lost leads by reason without test data', () => {
    const o = outcomesByReason([
      lead('Complete'),
      lead('Won'),
      lead('Launch'),
      lead('Lost', { deadReason: 'Quote Rejected' }),
      lead('Lost', { notes: `Called twice.\n${deadReasonLine('Quote Expired - Not accepted after 30 Days', at)}` }),
      lead('Lost', { notes: 'Dead Reason: No Response - 1/2/2026' }),
      lead('Lost', { deadReason: 'No Response' }),
      lead('Lost', { deadReason: 'Test Data', notes: 'Dead Reason: Test Data - 1/2/2026' }),
      lead('Lost', { notes: 'Dead Reason: Test Data - 1/2/2026' }),
      lead('Lost', { deadReason: 'Moved abroad' }),
      lead('Lost'),
      lead('New', { notes: 'Dead Reason: No Response - 1/2/2026' }), // revived: not lost
    ]);
    expect(o.won).toBe(2);
    expect(o.lost).toBe(6);
    expect(o.lostByReason).toEqual([
      { reason: 'No Response', shortLabel: 'No Response', count: 2 },
      { reason: 'Quote Rejected', shortLabel: 'Quote Rejected', count: 1 },
      { reason: 'Quote Expired - Not accepted after 30 Days', shortLabel: 'Quote Expired', count: 1 },
      { reason: 'Moved abroad', shortLabel: 'Moved abroad', count: 1 },
      { reason: UNSPECIFIED_DEAD_REASON, shortLabel: UNSPECIFIED_DEAD_REASON, count: 1 },
    ]);
  });

  it('counts as many lost leads as the dead bucket holds', () => {
    const leads = [
      lead('Lost', { deadReason: 'No Response' }),
      lead('Lost', { notes: 'x\nDead Reason: Test Data - 1/2/2026' }),
      lead('Lost', { deadReason: 'Test Data' }),
      lead('Lost'),
    ];
    expect(outcomesByReason(leads).lost).toBe(groupLeadsForBoard(leads).dead.length);
  });

  it('is all zero for no leads', () => {
    expect(outcomesByReason([])).toEqual({ won: 0, lost: 0, lostByReason: [] });
  });
});

describe('shortDeadReason', () => {
  it('keeps the text before " - "', () => {
    expect(shortDeadReason('Rejected Client - Declination to work with said client')).toBe('Rejected Client');
    expect(shortDeadReason('No Response')).toBe('No Response');
  });
});
