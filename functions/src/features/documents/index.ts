/** What other features use of documents: a document's PDF and its signed client links (documents.ts). */
export { clientDocumentLinks, renderDocument } from './documents.js';
export { loadPdfKit, pdfBytes } from './pdf/invoicePdf.js';
