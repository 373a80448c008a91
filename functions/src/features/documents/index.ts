/** What other features use of documents: a document's PDF and its signed client links (documents.ts). */
export { clientDocumentLinks, leadDocumentList, renderDocument, type LeadDocument } from './documents.js';
export { sendPdfFile } from './router.js';
