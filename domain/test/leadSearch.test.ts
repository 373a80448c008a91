import { describe, expect, it } from 'vitest';
import {
  leadMatchesSearch,
  leadSearchText,
  searchHighlights,
  searchTerms,
  searchTextMatches,
} from '../src/leadSearch.js';

const ada = { name: 'Ada Lovelace', subject: 'Café booking site', projectType: 'Web Project' };

describe('board search', () => {
  it('matches every word typed in the name, subject or project type, ignoring case and accents', () => {
    expect(leadMatchesSearch(ada, searchTerms('ada'))).toBe(true);
    expect(leadMatchesSearch(ada, searchTerms('  LOVE  web '))).toBe(true);
    expect(leadMatchesSearch(ada, searchTerms('cafe'))).toBe(true);
    expect(leadMatchesSearch(ada, searchTerms('café BOOK'))).toBe(true);
    expect(leadMatchesSearch(ada, searchTerms('ada logo'))).toBe(false);
  });

  it('answers the same from a search text folded once as from the lead', () => {
    const text = leadSearchText(ada);
    for (const q of ['ada', 'LOVE web', 'cafe', 'café BOOK', 'ada logo', '', 'project\nweb'])
      expect(searchTextMatches(text, searchTerms(q))).toBe(leadMatchesSearch(ada, searchTerms(q)));
  });

  it("matches the lead's email address, alone or with other words", () => {
    const withEmail = { ...ada, email: 'Countess.Lovelace@Analytical.example' };
    expect(leadMatchesSearch(withEmail, searchTerms('analytical.example'))).toBe(true);
    expect(leadMatchesSearch(withEmail, searchTerms('countess.lovelace@'))).toBe(true);
    expect(leadMatchesSearch(withEmail, searchTerms('countess web'))).toBe(true);
    expect(leadMatchesSearch(ada, searchTerms('countess'))).toBe(false);
    // The address does not run into the name: a term spanning both finds nothing.
    expect(leadMatchesSearch(withEmail, searchTerms('lovelacecountess'))).toBe(false);
  });

  it('matches every lead when the search is blank', () => {
    expect(searchTerms('   ')).toEqual([]);
    expect(leadMatchesSearch(ada, [])).toBe(true);
  });

  it('marks the matching parts of a text, merged where terms overlap', () => {
    expect(searchHighlights('Café booking', searchTerms('cafe'))).toEqual([
      { text: 'Café', match: true },
      { text: ' booking', match: false },
    ]);
    expect(searchHighlights('Ada Lovelace', searchTerms('love ovel'))).toEqual([
      { text: 'Ada ', match: false },
      { text: 'Lovel', match: true },
      { text: 'ace', match: false },
    ]);
    expect(searchHighlights('Ada', [])).toEqual([{ text: 'Ada', match: false }]);
    expect(searchHighlights('', searchTerms('a'))).toEqual([]);
  });
});

describe('search folding', () => {
  it('folds plain ASCII and accented text alike, with highlight positions those of the text', async () => {
    const { leadMatchesSearch, searchHighlights, searchTerms } = await import('../src/leadSearch.js');
    const lead = { name: 'BENCH Drop Lead', subject: 'Café Zoë', projectType: 'Web Project' };
    expect(leadMatchesSearch(lead, searchTerms('bench DROP'))).toBe(true);
    expect(leadMatchesSearch(lead, searchTerms('cafe zoe web'))).toBe(true);
    expect(leadMatchesSearch(lead, searchTerms('bench drip'))).toBe(false);
    expect(searchHighlights('Café Zoë', searchTerms('zoe'))).toEqual([
      { text: 'Café ', match: false },
      { text: 'Zoë', match: true },
    ]);
  });
});
