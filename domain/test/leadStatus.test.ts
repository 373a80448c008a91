import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  boardMovesFrom,
  boardPlaceOf,
  statusMovesFrom,
  canMoveLead,
  deadReasonLine,
  LEAD_STATUSES,
  LEAD_TRANSITIONS,
  leadMoveError,
  leadUpdateSchema,
  fieldErrors,
  appendNoteLine,
} from '../src/index.js';

describe('lead transition table', () => {
  it('covers every status and never allows a move to itself', () => {
    for (const s of LEAD_STATUSES) {
      expect(LEAD_TRANSITIONS[s]).toBeDefined();
      expect(canMoveLead(s, s)).toBe(false);
    }
  });

  it('moves the pipeline forward one stage at a time and back to any earlier stage', () => {
    BOARD_COLUMNS.forEach((from, i) => {
      BOARD_COLUMNS.forEach((to, j) => {
        const expected = j === i + 1 || j < i;
        expect(canMoveLead(from, to), `${from} → ${to}`).toBe(expected);
      });
    });
  });

  it('reaches Won (Complete) from Launch only', () => {
    for (const s of LEAD_STATUSES) expect(canMoveLead(s, 'Complete'), s).toBe(s === 'Launch' || s === 'Won' || s === 'Subscription Expired');
  });

  it('lets every open board lead die, and a dead lead only revive to New', () => {
    for (const s of BOARD_COLUMNS) expect(canMoveLead(s, 'Lost')).toBe(true);
    expect(LEAD_TRANSITIONS.Lost).toEqual(['New']);
    expect(leadMoveError('Lost', 'Quoted')).toBe('A dead lead can only be revived to New');
    expect(leadMoveError('New', 'Launch')).toBe('Cannot move a lead from New to Launch');
    expect(leadMoveError('New', 'Contacted')).toBeNull();
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
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'Lost' }).error!)).toEqual({ deadReason: 'A dead reason is required' });
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'New', deadReason: 'No Response' }).error!)).toEqual({
      deadReason: 'A dead reason goes with status Lost',
    });
    expect(leadUpdateSchema.safeParse({ status: 'Lost', deadReason: 'Test Data' }).success).toBe(true);
  });

  it('rejects unknown keys, unknown statuses and empty updates', () => {
    expect(fieldErrors(leadUpdateSchema.safeParse({ quoteAmountCents: 1 }).error!)).toMatchObject({ quoteAmountCents: 'Unknown field' });
    expect(fieldErrors(leadUpdateSchema.safeParse({ status: 'Bogus' }).error!)).toMatchObject({ status: 'Unknown lead status' });
    expect(leadUpdateSchema.safeParse({}).success).toBe(false);
    expect(leadUpdateSchema.safeParse({ expectedStatus: 'New' }).success).toBe(false);
  });
});

describe('board places and the moves a card offers', () => {
  it('places every status: six columns, Won (Complete, Won), Dead (Lost), or off the board', () => {
    expect(BOARD_COLUMNS.map(boardPlaceOf)).toEqual([...BOARD_COLUMNS]);
    expect(boardPlaceOf('Complete')).toBe('won');
    expect(boardPlaceOf('Won')).toBe('won');
    expect(boardPlaceOf('Lost')).toBe('dead');
    for (const s of ['Deposit', 'Payment Failed', 'Subscription Expired'] as const) expect(boardPlaceOf(s)).toBeNull();
  });

  it('offers only allowed moves to another column or bucket', () => {
    for (const from of LEAD_STATUSES) {
      for (const to of boardMovesFrom(from)) {
        expect(canMoveLead(from, to)).toBe(true);
        expect(boardPlaceOf(to)).not.toBeNull();
        expect(boardPlaceOf(to)).not.toBe(boardPlaceOf(from));
      }
    }
    // A card in the Won bucket is not offered "Won" again (Complete → Won would leave it where it is).
    expect(boardMovesFrom('Complete')).toEqual(['Launch']);
    expect(boardMovesFrom('Won')).toEqual([]);
    expect(boardMovesFrom('Set Up')).toEqual(['New', 'Contacted', 'Quoted', 'Production', 'Lost']);
    expect(boardMovesFrom('Lost')).toEqual(['New']);
  });

  it('offers every other allowed move as a status to set, so each status stays reachable', () => {
    for (const from of LEAD_STATUSES) {
      expect([...boardMovesFrom(from), ...statusMovesFrom(from)].sort()).toEqual([...LEAD_TRANSITIONS[from]].sort());
      expect(statusMovesFrom(from).filter((to) => boardMovesFrom(from).includes(to))).toEqual([]);
    }
    expect(statusMovesFrom('Complete')).toEqual(['Won', 'Subscription Expired']);
    expect(statusMovesFrom('Won')).toEqual(['Complete']);
    expect(statusMovesFrom('Set Up')).toEqual(['Deposit', 'Payment Failed']);
    expect(statusMovesFrom('New')).toEqual([]);
  });
});
