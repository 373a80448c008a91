import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  boardBadgeOf,
  boardDropStatus,
  boardMovesFrom,
  boardPlaceOf,
  statusMovesFrom,
  canMoveLead,
  deadReasonLine,
  LEAD_MOVES,
  LEAD_STATUSES,
  leadMoveError,
  WON_STATUS,
  type LeadMoveFacts,
  type LeadStatus,
  leadUpdateSchema,
  fieldErrors,
  appendNoteLine,
} from '../src/index.js';

const OPEN = ['New', 'Contacted', 'Quoted'] as const;
const isOpen = (s: LeadStatus) => (OPEN as readonly string[]).includes(s);
/** Every combination of the facts a rule reads. */
const ALL_FACTS: LeadMoveFacts[] = [false, true].flatMap((quoteGenerated) =>
  [false, true].flatMap((quoteAccepted) =>
    [false, true].map((paymentReceived) => ({ quoteGenerated, quoteAccepted, paymentReceived })),
  ),
);
const NOTHING: LeadMoveFacts = { quoteGenerated: false, quoteAccepted: false, paymentReceived: false };

describe('lead move table', () => {
  it('has a rule for every pair of statuses, and never allows a move to itself', () => {
    for (const from of LEAD_STATUSES) {
      expect(Object.keys(LEAD_MOVES[from]).sort()).toEqual([...LEAD_STATUSES].sort());
      for (const facts of ALL_FACTS) expect(leadMoveError(from, from, facts)).toBe(`Lead is already ${from}`);
    }
  });

  it('decides every pair, with every combination of facts, as the rules say', () => {
    for (const from of LEAD_STATUSES) {
      for (const to of LEAD_STATUSES) {
        if (from === to) continue;
        for (const facts of ALL_FACTS) {
          const error = leadMoveError(from, to, facts);
          const label = `${from} → ${to} ${JSON.stringify(facts)}`;
          let allowed: boolean;
          if (from === 'Lost')
            allowed = to === 'New'; // revive only
          else if (to === 'Lost')
            allowed = true; // any live lead can be marked dead
          else if (isOpen(from) && !isOpen(to))
            allowed = facts.quoteAccepted; // into Set Up or later
          else if (!isOpen(from) && isOpen(to))
            allowed = !facts.paymentReceived; // back before Set Up
          else allowed = true; // within New..Quoted, or within Set Up and later
          expect(error === null, label).toBe(allowed);
          expect(canMoveLead(from, to, facts), label).toBe(allowed);
        }
      }
    }
  });

  it('lets a lead without money or quote state move freely between New, Contacted and Quoted (New → Quoted included)', () => {
    for (const from of OPEN)
      for (const to of OPEN) if (from !== to) expect(leadMoveError(from, to, NOTHING)).toBeNull();
  });

  it('lets a lead with an accepted quote go to any column, Won included, and back before Set Up while unpaid', () => {
    const accepted = { ...NOTHING, quoteGenerated: true, quoteAccepted: true };
    for (const from of BOARD_COLUMNS)
      for (const to of [...BOARD_COLUMNS, WON_STATUS])
        if (from !== to) expect(leadMoveError(from, to, accepted), `${from} → ${to}`).toBeNull();
  });

  it('explains each refusal and what to do instead', () => {
    expect(leadMoveError('Quoted', 'Set Up', { ...NOTHING, quoteGenerated: true })).toBe(
      'Cannot move to Set Up: the quote is not accepted yet. Accept the quote first (Quote Review).',
    );
    expect(leadMoveError('New', 'Complete', NOTHING)).toBe(
      'Cannot move to Complete: the lead has no quote yet. Add a project plan (in Contacted), then accept its quote (Quote Review).',
    );
    expect(
      leadMoveError('Production', 'Quoted', { quoteGenerated: true, quoteAccepted: true, paymentReceived: true }),
    ).toBe(
      'Cannot move back to Quoted: a payment was received for this lead. Keep it in Set Up or a later stage, or mark it dead.',
    );
    expect(leadMoveError('Lost', 'Quoted', NOTHING)).toBe(
      'A dead lead can only be revived to New (Dead Leads → Revive).',
    );
  });

  it('assumes the strictest facts when none are given', () => {
    expect(canMoveLead('Contacted', 'Quoted')).toBe(true);
    expect(canMoveLead('Quoted', 'Set Up')).toBe(false);
    expect(canMoveLead('Production', 'Quoted')).toBe(false);
    expect(canMoveLead('Production', 'Launch')).toBe(true);
  });
});

describe('dead reason line', () => {
  it('reads "Dead Reason: {reason} - {date}"', () => {
    expect(deadReasonLine('No Response', new Date('2026-03-04T23:30:00Z'))).toBe('Dead Reason: No Response - 3/4/2026');
    expect(appendNoteLine('', 'a')).toBe('a');
    expect(appendNoteLine('a', 'b')).toBe('a\nb');
  });
});

describe('leadUpdateSchema', () => {
  it('requires a reason with Lost, and only with Lost', () => {
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'Lost' }).error!)).toEqual({
      deadReason: 'A dead reason is required',
    });
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'New', deadReason: 'No Response' }).error!)).toEqual({
      deadReason: 'A dead reason goes with status Lost',
    });
    expect(leadUpdateSchema.safeParse({ status: 'Lost', deadReason: 'Test Data' }).success).toBe(true);
  });

  it('rejects unknown keys, unknown statuses and empty updates', () => {
    expect(fieldErrors(leadUpdateSchema.safeParse({ quoteAmountCents: 1 }).error!)).toMatchObject({
      quoteAmountCents: 'Unknown field',
    });
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'Bogus' }).error!)).toMatchObject({
      status: 'Unknown lead status',
    });
    expect(leadUpdateSchema.safeParse({}).success).toBe(false);
    expect(leadUpdateSchema.safeParse({ expectedStatus: 'New' }).success).toBe(false);
  });
});

describe('board places and the moves a card offers', () => {
  it('places every status: six columns, Won (Complete, Won, Subscription Expired), Dead (Lost); Deposit and Payment Failed in Set Up', () => {
    expect(BOARD_COLUMNS.map(boardPlaceOf)).toEqual([...BOARD_COLUMNS]);
    expect(boardPlaceOf('Complete')).toBe('won');
    expect(boardPlaceOf('Won')).toBe('won');
    expect(boardPlaceOf('Subscription Expired')).toBe('won');
    expect(boardPlaceOf('Lost')).toBe('dead');
    expect(boardPlaceOf('Deposit')).toBe('Set Up');
    expect(boardPlaceOf('Payment Failed')).toBe('Set Up');
    for (const s of LEAD_STATUSES) expect(boardPlaceOf(s), s).not.toBeNull();
  });

  it('badges the statuses shown in a place of another name', () => {
    expect(LEAD_STATUSES.filter((s) => boardBadgeOf(s) !== null)).toEqual([
      'Payment Failed',
      'Subscription Expired',
      'Deposit',
    ]);
    for (const s of LEAD_STATUSES)
      expect(boardBadgeOf(s) === null, s).toBe(s === boardDropStatus(boardPlaceOf(s)) || s === 'Won');
  });

  it('offers one move per other place, to the status a drop there sets', () => {
    expect(boardMovesFrom('New')).toEqual([
      'Contacted',
      'Quoted',
      'Set Up',
      'Production',
      'Launch',
      'Complete',
      'Lost',
    ]);
    expect(boardMovesFrom('Payment Failed')).toEqual([
      'New',
      'Contacted',
      'Quoted',
      'Production',
      'Launch',
      'Complete',
      'Lost',
    ]);
    expect(boardMovesFrom('Complete')).toEqual([
      'New',
      'Contacted',
      'Quoted',
      'Set Up',
      'Production',
      'Launch',
      'Lost',
    ]);
    expect(boardMovesFrom('Lost')).toEqual(['New']);
    for (const from of LEAD_STATUSES) {
      const places = boardMovesFrom(from).map(boardPlaceOf);
      expect(new Set(places).size, from).toBe(places.length);
      expect(places, from).not.toContain(boardPlaceOf(from));
    }
  });

  it('offers the other statuses of the same place to set', () => {
    expect(statusMovesFrom('Set Up')).toEqual(['Payment Failed', 'Deposit']);
    expect(statusMovesFrom('Deposit')).toEqual(['Set Up', 'Payment Failed']);
    expect(statusMovesFrom('Complete')).toEqual(['Subscription Expired', 'Won']);
    expect(statusMovesFrom('Won')).toEqual(['Complete', 'Subscription Expired']);
    expect(statusMovesFrom('New')).toEqual([]);
    expect(statusMovesFrom('Lost')).toEqual([]);
  });
});
