/**
 * Finding a lead on the CRM board: the search box matches what a board card
 * carries (name, email, subject, project type), as the owner types. Matching ignores
 * case and accents, and every word typed must appear somewhere in the card
 * ("ada web" finds Ada Lovelace's Web Project).
 */

/** The card fields the search reads. */
export interface SearchableLead {
  name: string;
  /** The client's address ("" or absent when unknown). */
  email?: string;
  subject: string;
  projectType: string;
}

/** Only ASCII: lower-casing it is one character for one and there are no accents to take off. */
const ASCII = /^\p{ASCII}*$/u;

/** `text` lower-cased without accents, one character for one (so positions in it are positions in `text`). */
function fold(text: string): string {
  // The common case, at thousands of cards a keystroke: one native call instead of a normalize per character.
  if (ASCII.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const base = ch
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    // A character whose folding changes its length stays as it is: positions must stay those of `text`.
    out += base.length === ch.length ? base : ch;
  }
  return out;
}

/** The words of a search (folded), none when it is blank. */
export function searchTerms(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/**
 * What the search reads of a lead, folded once: a board keeps it beside the
 * lead while the lead is unchanged, so a keystroke over thousands of cards only
 * compares strings (searchTextMatches).
 */
export function leadSearchText(lead: SearchableLead): string {
  return fold(`${lead.name}\n${lead.email ?? ''}\n${lead.subject}\n${lead.projectType}`);
}

/** True when every term is in `text`, a leadSearchText (and always without terms). */
export function searchTextMatches(text: string, terms: readonly string[]): boolean {
  return terms.every((t) => text.includes(t));
}

/** True when every term is found in the lead's name, email, subject or project type (and always without terms). */
export function leadMatchesSearch(lead: SearchableLead, terms: readonly string[]): boolean {
  return terms.length === 0 || searchTextMatches(leadSearchText(lead), terms);
}

/**
 * `text` cut into parts, each marking whether it matches a term, for
 * highlighting: matches of several terms merge when they overlap.
 */
export function searchHighlights(text: string, terms: readonly string[]): Array<{ text: string; match: boolean }> {
  const folded = fold(text);
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      marked.fill(true, at, at + term.length);
    }
  }
  const parts: Array<{ text: string; match: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: marked[i]! });
  }
  return parts;
}
