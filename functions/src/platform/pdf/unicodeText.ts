/**
 * Text in any script for the PDFs (invoices, receipts, credit notes, payment
 * requests, the signed proposal from renderer 2 on), drawn with embedded Noto
 * fonts that pdfkit subsets to the glyphs used (fontkit), in place of the 14
 * standard fonts, which hold Latin-1 only and garbled every other name.
 *
 * - Fonts (fonts.json; the registry packages `@embedpdf/fonts-*`: Noto Sans,
 *   Noto Sans Hebrew, Noto Naskh Arabic, Noto Sans JP/KR/Hans as their
 *   region subsets): each code point takes the first font of its chain that
 *   has it: Noto Sans (Latin, Greek, Cyrillic and Devanagari, which this
 *   Noto Sans carries), Hebrew, Arabic, then the CJK fonts, Korean
 *   first in a text with Hangul, Japanese first in one with kana, Chinese
 *   first otherwise. Spaces, digits, punctuation and combining marks stay in
 *   the font of the letter before them, so a word is shaped as one run
 *   (fontkit applies the OpenType shaping of Arabic, Hebrew and Devanagari).
 *   A code point no font has prints as U+FFFD "�", never as mojibake.
 * - CJK is one Regular weight each (about 4.5, 4.5 and 8.4 MB, against about
 *   16 MB a weight for the full Noto Sans CJK), bold CJK prints as Regular.
 *   The deployed functions carry only these files: the packages are
 *   development dependencies and `functions/build.mjs` copies the files of
 *   fonts.json to `lib/fonts/`, which this module reads first.
 * - Lines wrap at the width at the Unicode line-break opportunities
 *   (`linebreak`, UAX #14, as pdfkit's own wrapping); a word wider than the
 *   line is cut between grapheme clusters, so no text leaves the page. A line
 *   that does not fit the page's bottom margin goes on a new page.
 * - Right-to-left text is laid out per line by the Unicode bidirectional
 *   algorithm (`bidi-js`): runs are put in visual order, fontkit draws a
 *   right-to-left run's glyphs right to left.
 *
 * The output is deterministic (fonts, order and subsets depend only on the
 * text), which the signed proposal's byte-for-byte regeneration needs; the
 * font packages are pinned to exact versions for the same reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import FONT_FILES from './fonts.json';

const req = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);

/** The weight of a piece of text: regular, bold or italic (italic exists for Latin, Greek and Cyrillic). */
export type Weight = 'regular' | 'bold' | 'italic';

/** A piece of text with its own look; unset fields take the block's. */
export interface Span {
  text: string;
  weight?: Weight;
  color?: string;
  link?: string;
  underline?: boolean;
}

/** Where and how a block of text is drawn (points; `y` is the top of the first line). */
export interface TextOptions {
  x: number;
  y: number;
  width: number;
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right' | 'center';
  link?: string;
  underline?: boolean;
}

/** Line height and the baseline's depth under a line's top, as multiples of the font size (Noto Sans's metrics). */
const LINE_HEIGHT = 1.36;
const ASCENT = 1.069;
const REPLACEMENT = '\uFFFD';
/** Letters of the right-to-left scripts. */
const STRONG_RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * pdfkit shapes a run word by word in logical order (and caches each word's layout), which turns a right-to-left
 * run's words around their spaces. Asking for OpenType features (kerning, which every script's shaping applies
 * anyway) makes it shape the run whole: done for runs with right-to-left letters only, so the rest keeps the cache.
 */
const shaping = (text: string): { features?: PDFKit.Mixins.OpenTypeFeatures[] } =>
  STRONG_RTL.test(text) ? { features: ['kern'] } : {};

interface Fontkit {
  create(bytes: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
}
type FontkitFont = ReturnType<Fontkit['create']>;

interface Face {
  font: FontkitFont;
}
const faces = new Map<string, Face>();

/** The file of font `id`: beside the deployed bundle (lib/fonts) or in its package. @throws when neither has it. */
export function fontFilePath(id: string): string {
  const f = FONT_FILES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown font ${id}`);
  if (typeof __filename === 'string') {
    const copied = join(dirname(__filename), 'fonts', basename(f.path));
    if (existsSync(copied)) return copied;
  }
  // The packages' "exports" hide their font folders from require.resolve: find the package root from its main file.
  const main = req.resolve(f.package);
  const marker = `/node_modules/${f.package}/`;
  const at = main.replaceAll('\\', '/').lastIndexOf(marker);
  if (at < 0) throw new Error(`font package ${f.package} not found`);
  return join(main.slice(0, at + marker.length), f.path);
}

/** Font `id` as a fontkit font (coverage, shaping, subsetting), read once per instance. */
function face(id: string): Face {
  let hit = faces.get(id);
  if (!hit) {
    hit = { font: (req('fontkit') as Fontkit).create(readFileSync(fontFilePath(id))) };
    faces.set(id, hit);
  }
  return hit;
}

const has = (id: string, codePoint: number) => face(id).font.hasGlyphForCodePoint(codePoint);

const LATIN: Record<Weight, string> = { regular: 'sans', bold: 'sans-bold', italic: 'sans-italic' };

/** The fonts to try, in order, for text of `weight` in a paragraph whose CJK fonts go in `cjk` order. */
function chain(weight: Weight, cjk: readonly string[]): string[] {
  const bold = weight === 'bold' ? '-bold' : '';
  return [LATIN[weight], ...(weight === 'italic' ? ['sans'] : []), `hebrew${bold}`, `arabic${bold}`, ...cjk];
}

/** Korean's font first in a text with Hangul, Japanese's with kana, Chinese's otherwise (Han glyphs differ by region). */
function cjkOrder(text: string): string[] {
  if (/\p{Script=Hangul}/u.test(text)) return ['cjk-kr', 'cjk-jp', 'cjk-sc'];
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return ['cjk-jp', 'cjk-sc', 'cjk-kr'];
  return ['cjk-sc', 'cjk-jp', 'cjk-kr'];
}

/** One code point as laid out: its text (U+FFFD when no font has it), font, span and bidi level. */
interface Unit {
  text: string;
  at: number;
  font: string;
  span: number;
  level: number;
}

interface Bidi {
  getEmbeddingLevels(text: string): { levels: Uint8Array };
  getMirroredCharacter(char: string): string | null;
}
let bidi: Bidi | undefined;
const loadBidi = () => (bidi ??= (req('bidi-js') as () => Bidi)());

interface LineBreakerCtor {
  new (text: string): { nextBreak(): { position: number } | null };
}

/** The fonts of `paragraph`'s code points (`spanOf`: the span of each UTF-16 index). */
function unitsOf(paragraph: string, spanOf: readonly number[], weights: readonly Weight[]): Unit[] {
  const cjk = cjkOrder(paragraph);
  const levels = loadBidi().getEmbeddingLevels(paragraph).levels;
  const units: Unit[] = [];
  let at = 0;
  for (const ch of paragraph) {
    const cp = ch.codePointAt(0)!;
    const span = spanOf[at]!;
    const weight = weights[span]!;
    const prev = units.at(-1);
    const sameSpan = prev && prev.span === span ? prev : undefined;
    let font: string | undefined;
    const format = /\p{Cf}/u.test(ch);
    if (sameSpan && (format || (!/\p{L}/u.test(ch) && has(sameSpan.font, cp)))) font = sameSpan.font;
    else font = chain(weight, cjk).find((id) => has(id, cp));
    if (font) units.push({ text: ch, at, font, span, level: levels[at] ?? 0 });
    else if (!format) units.push({ text: REPLACEMENT, at, font: LATIN[weight], span, level: levels[at] ?? 0 });
    at += ch.length;
  }
  return units;
}

/** Splits `units` where font or span changes (and, with `byLevel`, bidi level). */
function runsOf(units: readonly Unit[], byLevel: boolean): Unit[][] {
  const runs: Unit[][] = [];
  for (const u of units) {
    const last = runs.at(-1)?.at(-1);
    if (last && last.font === u.font && last.span === u.span && (!byLevel || last.level === u.level))
      runs.at(-1)!.push(u);
    else runs.push([u]);
  }
  return runs;
}

const registered = new WeakMap<object, Set<string>>();

/** The getter fontkit memoizes a font's layout engine with (on its class's prototype chain), if any. */
function layoutEngineGetter(font: object): (() => unknown) | undefined {
  for (let p = Object.getPrototypeOf(font); p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, '_layoutEngine');
    if (d?.get) return d.get;
  }
  return undefined;
}

/**
 * Font `id` for one document: a view of the shared fontkit font that reads its parsed tables (parsed once per
 * instance) but keeps glyph objects and a layout engine of its own. fontkit keeps each glyph with the characters
 * of its first look-up, and pdfkit writes those into the document's ToUnicode map; an accented capital's outline
 * looks its base letter up with no character, so with glyphs shared across documents a later document's "A" or
 * "N" would extract as nothing (its text unsearchable and unreadable to a screen reader).
 */
function documentFont(id: string): FontkitFont {
  const shared = face(id).font;
  const view = Object.create(shared) as FontkitFont & { _glyphs: Record<number, unknown> };
  view._glyphs = {};
  // Memoized on first use as the view's own property, made with the view, so its glyphs come from the view.
  layoutEngineGetter(shared)?.call(view);
  return view;
}

/** Selects font `id` at `size` on `doc`, registering it with the document on first use. */
function useFont(doc: PDFKit.PDFDocument, id: string, size: number) {
  let set = registered.get(doc);
  if (!set) registered.set(doc, (set = new Set()));
  const name = `noto-${id}`;
  if (!set.has(id)) {
    doc.registerFont(name, documentFont(id) as unknown as Buffer);
    set.add(id);
  }
  doc.font(name).fontSize(size);
}

const textOf = (units: readonly Unit[]) => units.map((u) => u.text).join('');

const widths = new Map<string, number>();

/** The width of `units` at `size` (points), measured run by run with their shaping; cached per instance (bounded). */
function widthOf(doc: PDFKit.PDFDocument, units: readonly Unit[], size: number): number {
  let w = 0;
  for (const run of runsOf(units, false)) {
    const text = textOf(run);
    const key = `${run[0]!.font}\u0000${size}\u0000${text}`;
    // Selected even when cached: the order fonts are first selected in numbers them in the PDF (its bytes).
    useFont(doc, run[0]!.font, size);
    let runW = widths.get(key);
    if (runW === undefined) {
      runW = doc.widthOfString(text, shaping(text));
      if (widths.size > 50_000) widths.clear();
      widths.set(key, runW);
    }
    w += runW;
  }
  return w;
}

const trimEnd = (units: readonly Unit[]) => {
  let end = units.length;
  while (end > 0 && /\s/u.test(units[end - 1]!.text)) end--;
  return units.slice(0, end);
};

/** `units` cut into lines no wider than `width` (see the module comment). */
function wrap(doc: PDFKit.PDFDocument, paragraph: string, units: Unit[], width: number, size: number): Unit[][] {
  const LineBreaker = req('linebreak') as LineBreakerCtor;
  const breaker = new LineBreaker(paragraph);
  const tokens: Unit[][] = [];
  let i = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const token: Unit[] = [];
    while (i < units.length && units[i]!.at < bk.position) token.push(units[i++]!);
    if (token.length) tokens.push(token);
  }
  if (i < units.length) tokens.push(units.slice(i));

  const lines: Unit[][] = [];
  let line: Unit[] = [];
  let lineW = 0;
  const flush = () => {
    lines.push(line);
    line = [];
    lineW = 0;
  };
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const token of tokens) {
    const trimmedW = widthOf(doc, trimEnd(token), size);
    if (line.length && lineW + trimmedW > width) flush();
    if (trimmedW <= width) {
      line.push(...token);
      lineW += widthOf(doc, token, size);
      continue;
    }
    // A word wider than the line: cut it between grapheme clusters.
    const text = textOf(token);
    let k = 0;
    let offset = 0;
    for (const { segment } of graphemes.segment(text)) {
      const g: Unit[] = [];
      for (const end = offset + segment.length; offset < end && k < token.length; k++) {
        g.push(token[k]!);
        offset += token[k]!.text.length;
      }
      const gw = widthOf(doc, g, size);
      if (line.length && lineW + gw > width && !/^\s+$/u.test(segment)) flush();
      line.push(...g);
      lineW += gw;
    }
  }
  if (line.length || lines.length === 0) flush();
  return lines;
}

/** The runs of one line in visual order (UAX #9 rule L2 over runs). */
function visualRuns(line: readonly Unit[]): Unit[][] {
  const runs = runsOf(line, true);
  const levelOf = (r: Unit[]) => r[0]!.level;
  const max = Math.max(0, ...runs.map(levelOf));
  const minOdd = Math.min(...runs.map(levelOf).filter((l) => l % 2 === 1), Infinity);
  for (let lvl = max; lvl >= minOdd && lvl > 0; lvl--) {
    for (let s = 0; s < runs.length;) {
      if (levelOf(runs[s]!) < lvl) {
        s++;
        continue;
      }
      let e = s;
      while (e < runs.length && levelOf(runs[e]!) >= lvl) e++;
      const rev = runs.slice(s, e).reverse();
      runs.splice(s, e - s, ...rev);
      s = e;
    }
  }
  return runs;
}

/**
 * Draws `content` (a string or spans) wrapped to `o.width` from `o.y` down,
 * `\n` starting a new line, adding pages as needed; leaves `doc.y` under the
 * last line and returns it. Empty text draws nothing and returns `o.y`.
 */
export function drawText(doc: PDFKit.PDFDocument, content: string | readonly Span[], o: TextOptions): number {
  const spans: Span[] = typeof content === 'string' ? [{ text: content }] : [...content];
  const weights = spans.map((s) => s.weight ?? o.weight ?? 'regular');
  // One string with the span of each UTF-16 index; tabs as spaces, other control characters out.
  let all = '';
  const spanOf: number[] = [];
  spans.forEach((s, n) => {
    const clean = s.text
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      .replace(/[^\P{Cc}\n]/gu, '')
      .normalize('NFC');
    all += clean;
    for (let k = 0; k < clean.length; k++) spanOf.push(n);
  });
  if (!all) return (doc.y = o.y);

  const lineH = o.size * LINE_HEIGHT;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = o.y;
  let start = 0;
  for (const paragraph of all.split('\n')) {
    const spanSlice = spanOf.slice(start, start + paragraph.length);
    start += paragraph.length + 1;
    const units = unitsOf(paragraph, spanSlice, weights);
    for (const line of wrap(doc, paragraph, units, o.width, o.size)) {
      if (y + lineH > bottom() && y > doc.page.margins.top) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const runs = visualRuns(trimEnd(line));
      const widths = runs.map((r) => widthOf(doc, r, o.size));
      const total = widths.reduce((a, b) => a + b, 0);
      let x = o.align === 'right' ? o.x + o.width - total : o.align === 'center' ? o.x + (o.width - total) / 2 : o.x;
      runs.forEach((run, n) => {
        const first = run[0]!;
        const span = spans[first.span]!;
        let text = textOf(run);
        // fontkit lays a right-to-left script's run out right to left; a right-to-left run of neutrals is turned here.
        if (first.level % 2 === 1 && !STRONG_RTL.test(text))
          text = [...text]
            .reverse()
            .map((c) => loadBidi().getMirroredCharacter(c) ?? c)
            .join('');
        useFont(doc, first.font, o.size);
        const link = span.link ?? o.link;
        const color = span.color ?? o.color ?? '#000000';
        const baseline = y + o.size * ASCENT;
        doc.fillColor(color).text(text, x, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...shaping(text),
          ...(link ? { link } : {}),
        });
        // pdfkit places its underline from the line's top, so it is drawn here under the baseline.
        if (span.underline ?? o.underline)
          doc
            .save()
            .moveTo(x, baseline + o.size * 0.12)
            .lineTo(x + widths[n]!, baseline + o.size * 0.12)
            .lineWidth(Math.max(0.5, o.size / 16))
            .strokeColor(color)
            .stroke()
            .restore();
        x += widths[n]!;
      });
      y += lineH;
    }
  }
  doc.x = doc.page.margins.left;
  return (doc.y = y);
}
