/**
 * Sanitizing email HTML with `sanitize-html`: ordinary email markup
 * stays (tables, inline styles, images, headings, lists, links); scripts,
 * iframes, forms, <style>, event handlers and every link scheme other than
 * http, https and mailto are removed. `${var}` placeholders survive, in text
 * and in attribute values (sanitize-html always re-quotes attributes).
 *
 * Used when a template override or a test-center email is stored, and again
 * by the sender on the final rendered HTML.
 */
import type sanitizeHtmlType from 'sanitize-html';

/** sanitize-html, loaded on first use (keeps it out of the functions' cold start). */
let sanitizer: ((html: string) => string) | null = null;

const TABLE_ATTRIBUTES = [
  'width',
  'height',
  'align',
  'valign',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'role',
  'colspan',
  'rowspan',
];

const options = (sanitizeHtml: typeof sanitizeHtmlType): sanitizeHtmlType.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags, // text, lists, headings, tables, a, b, i, code, ...
    'img',
    'center',
    'font',
    'span',
    'div',
    'u',
    's',
  ],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style', 'class', 'dir', 'lang', 'title', 'align', 'valign', 'width', 'height', 'bgcolor'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    font: ['color', 'face', 'size'],
    table: TABLE_ATTRIBUTES,
    tr: TABLE_ATTRIBUTES,
    td: TABLE_ATTRIBUTES,
    th: TABLE_ATTRIBUTES,
    tbody: TABLE_ATTRIBUTES,
    thead: TABLE_ATTRIBUTES,
    tfoot: TABLE_ATTRIBUTES,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'background'],
  allowProtocolRelative: false,
  // Inline styles are kept as written (parsing them would drop any style holding a `${var}`).
  // Mail clients do not run CSS expressions; scripts and handlers are what matter, and they go.
  parseStyleAttributes: false,
});

/** `html` with only ordinary email markup left. */
export async function sanitizeEmailHtml(html: string): Promise<string> {
  if (!sanitizer) {
    const sanitizeHtml = (await import('sanitize-html')).default;
    const opts = options(sanitizeHtml);
    sanitizer = (h) => sanitizeHtml(h, opts);
  }
  return sanitizer(html).trim();
}
