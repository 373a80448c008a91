/**
 * PDF checks for the tests: the text of a PDF (pdf-parse, on Mozilla's
 * pdf.js) and a PNG of its first page (Debian's poppler-utils `pdftoppm`),
 * written under test-results/ (git-ignored), never into the repo.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';

/** All the text of `pdf`, pages joined, whitespace as pdf.js reports it. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.total };
  } finally {
    await parser.destroy();
  }
}

/** Renders page 1 of `pdf` to test-results/<name>.png with pdftoppm (72 dpi) and returns the PNG bytes. */
export function pdfFirstPagePng(pdf: Buffer, name: string): Buffer {
  return pdfPagePng(pdf, name, 1);
}

/** Renders page `page` (1-based) of `pdf` to test-results/<name>.png with pdftoppm (72 dpi); the PNG bytes. */
export function pdfPagePng(pdf: Buffer, name: string, page: number): Buffer {
  const dir = 'test-results/pdf';
  mkdirSync(dir, { recursive: true });
  const input = join(dir, `${name}.pdf`);
  writeFileSync(input, pdf);
  const p = String(page);
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', p, '-l', p, '-singlefile', input, join(dir, name)]);
  return readFileSync(join(dir, `${name}.png`));
}

/** The text of each page of `pdf`, in order (poppler's pdftotext, which ends each page with a form feed). */
export function pdfPageTexts(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  return text.split('\f').slice(0, -1);
}

/** PNG width and height, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Share of page `page`'s pixels (page 1 unless given) that are darker than light grey (pdftoppm -gray, a binary PGM at 36 dpi): 0 for a blank page. */
export function pdfInk(pdf: Buffer, name: string, page = 1): number {
  const dir = 'test-results/pdf';
  mkdirSync(dir, { recursive: true });
  const input = join(dir, `${name}-ink.pdf`);
  writeFileSync(input, pdf);
  const p = String(page);
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '36', '-f', p, '-l', p, '-singlefile', input]);
  // Header: "P5\n<w> <h>\n<max>\n", then one byte per pixel.
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!m) throw new Error('pdftoppm gave no PGM');
  const pixels = pgm.subarray(m[0].length);
  let dark = 0;
  for (const v of pixels) if (v < 200) dark++;
  return dark / pixels.length;
}

/** One word poppler found, with its box in points (origin top left). */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Each page's size and words with their boxes (poppler's `pdftotext -bbox`). */
export function pdfWordBoxes(pdf: Buffer): Array<{ width: number; height: number; words: PdfWord[] }> {
  const html = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, maxBuffer: 64 << 20 }).toString('utf8');
  const pages: Array<{ width: number; height: number; words: PdfWord[] }> = [];
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) pages.push({ width: Number(m[1]), height: Number(m[2]), words: [] });
    else
      pages.at(-1)!.words.push({
        text: unescape(m[7]!),
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
  }
  return pages;
}

/** The fonts of `pdf` as poppler's `pdffonts` lists them: name, whether embedded, subset and with a ToUnicode map. */
export function pdfFonts(pdf: Buffer): Array<{ name: string; embedded: boolean; subset: boolean; unicode: boolean }> {
  const dir = 'test-results/pdf';
  mkdirSync(dir, { recursive: true });
  const input = join(dir, 'fonts-check.pdf');
  writeFileSync(input, pdf);
  const lines = execFileSync('pdffonts', [input]).toString('utf8').split('\n').slice(2).filter(Boolean);
  // Columns: name, type (may hold spaces), encoding, emb, sub, uni, object, generation.
  return lines.map((l) => {
    const f = l.trim().split(/\s+/);
    const [emb, sub, uni] = f.slice(-5, -2);
    return { name: f[0]!, embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
  });
}
