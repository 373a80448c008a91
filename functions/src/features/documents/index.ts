/** What other features use of documents: a document's PDF and its signed client links (documents.ts). */
export { clientDocumentLinks, leadDocumentList, renderDocument, type LeadDocument } from './documents.js';
export { loadPdfKit, pdfBytes } from './pdf/invoicePdf.js';
export { drawText, type Span, type TextOptions } from './pdf/unicodeText.js';
export { sendPdfFile } from './router.js';
