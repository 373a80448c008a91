/**
 * drawText: right-to-left words in visual order (the first word rightmost),
 * left-to-right text around them in its own order, wrapping within the
 * width, and the same text giving the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { pdfText, pdfWordBoxes } from '../../../../tests/pdfText.js';
import { loadPdfKit, pdfBytes } from './pdfKit.js';
import { drawText, type Span } from './unicodeText.js';

/** A one-page PDF of `lines`, each drawn by drawText 300 points wide from x = 50. */
async function pdfOf(lines: Array<string | Span[]>): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 50, font: '', info: { CreationDate: new Date(0) } });
  const done = pdfBytes(doc);
  let y = 50;
  for (const l of lines) y = drawText(doc, l, { x: 50, y, width: 300, size: 12 }) + 10;
  doc.end();
  return done;
}

/**
 * The x of each of `words` on the page (the first box poppler finds for it). `pdftotext -bbox` spells a
 * right-to-left word in the order of its glyphs on the page, left to right: `visual` reverses it to match.
 */
function xOf(pdf: Buffer, words: string[], visual = false): number[] {
  const boxes = pdfWordBoxes(pdf)[0]!.words;
  return words.map((word) => {
    const w = visual ? [...word].reverse().join('') : word;
    const box = boxes.find((b) => b.text === w);
    expect(box, `${w} in ${boxes.map((b) => b.text).join(' ')}`).toBeDefined();
    return box!.xMin;
  });
}

describe('drawText', { timeout: 30_000 }, () => {
  it('lays right-to-left words right to left, after the left-to-right label before them', async () => {
    const pdf = await pdfOf([
      [{ text: 'Signer: ', weight: 'bold' }, { text: 'אברהם בן דוד' }],
      [{ text: 'Signer: ', weight: 'bold' }, { text: 'محمد عبد الرحمن' }],
    ]);
    const [label] = xOf(pdf, ['Signer:']);
    const [first, second, third] = xOf(pdf, ['אברהם', 'בן', 'דוד'], true);
    expect(label).toBeLessThan(third!);
    expect(third).toBeLessThan(second!);
    expect(second).toBeLessThan(first!);
    const [m, a, r] = xOf(pdf, ['محمد', 'عبد', 'الرحمن'], true);
    expect(r).toBeLessThan(a!);
    expect(a).toBeLessThan(m!);
  });

  it('wraps within the width and gives the same bytes for the same text', async () => {
    const text = 'Θεοδώρα Παπαδημητροπούλου '.repeat(12) + '王秀英'.repeat(40);
    const [a, b] = [await pdfOf([text]), await pdfOf([text])];
    expect(a.equals(b)).toBe(true);
    for (const w of pdfWordBoxes(a)[0]!.words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(49);
      expect(w.xMax, w.text).toBeLessThanOrEqual(351);
    }
  });

  it("extracts each document's own letters, whatever an earlier document drew", async () => {
    // Accented capitals are built from the plain letter's glyph: drawing them makes fontkit look that glyph up
    // with no character, which a later document must not inherit as its text.
    const accented = 'ÉÈÊËĒĖĘ ÀÁÂÃÄÅ ÒÓÔÕÖ Έ Ά Ό ÜÚ ÇĆČ ÑŃ DE';
    await pdfOf([accented, [{ text: accented, weight: 'bold' }]]);
    const later = await pdfOf(['VAT ID: DE136695976 EACOUCN', [{ text: 'DE136695976 EACOUCN', weight: 'bold' }]]);
    const { text } = await pdfText(later);
    expect(text).toContain('VAT ID: DE136695976 EACOUCN');
    expect(text.split('\n').filter((l) => l.includes('DE136695976 EACOUCN'))).toHaveLength(2);
  });
});
