import { describe, expect, it } from 'vitest';
import { dragInstructions, dropAnnouncement, liftAnnouncement, overAnnouncement } from './dragAnnouncements';

describe('board drag announcements', () => {
  it('names the card and the columns', () => {
    expect(liftAnnouncement('Ada Lovelace', 'New')).toBe(
      'Lifted Ada Lovelace from New. Use the arrow keys to choose a column.',
    );
    expect(overAnnouncement('Ada Lovelace', 'New', 'Contacted')).toBe('Ada Lovelace is over Contacted');
    expect(overAnnouncement('Ada Lovelace', 'New', 'New')).toBe('Ada Lovelace is back over New');
    expect(overAnnouncement('Ada Lovelace', 'New', null)).toBe('Ada Lovelace is not over a column');
  });

  it('says a drop in another column moved the card, and anything else left it in place', () => {
    expect(dropAnnouncement('Ada Lovelace', 'Contacted', 'Quoted', 'DROP')).toBe('Moved Ada Lovelace to Quoted');
    expect(dropAnnouncement('Ada Lovelace', 'Contacted', 'Contacted', 'DROP')).toBe('Ada Lovelace stays in Contacted');
    expect(dropAnnouncement('Ada Lovelace', 'Contacted', null, 'DROP')).toBe('Ada Lovelace stays in Contacted');
    expect(dropAnnouncement('Ada Lovelace', 'Contacted', 'Quoted', 'CANCEL')).toBe(
      'Move cancelled. Ada Lovelace stays in Contacted',
    );
  });

  it('tells how to open and move a card', () => {
    expect(dragInstructions('lead')).toMatch(/^Press Enter to open the lead\. To move it, press space bar to lift it/);
  });
});
