/**
 * The admin's links to a document's files (no UI): its PDF (GET /api/documents/{kind}/{id}) and, for an
 * invoice, a payment request or a credit note, its EN 16931 e-invoice as plain CII XML, at the same path with `.xml` after the id.
 */
import type { DocumentKind } from '@studio/domain';

/** What a document downloads as: its PDF, or its EN 16931 e-invoice as CII XML. */
export type DocumentFormat = 'pdf' | 'xml';

/**
 * The kinds with an e-invoice (CII XML) beside their PDF: the admin's invoices, the deposit and final payment
 * requests (invoices too), and the credit notes correcting them; not receipts nor proposals.
 */
export const E_INVOICE_KINDS: readonly DocumentKind[] = ['invoice', 'request', 'credit-note'];

/** Whether documents of `kind` can be downloaded as CII XML too. */
export const hasEInvoice = (kind: DocumentKind): boolean => E_INVOICE_KINDS.includes(kind);

/**
 * The admin's download path of document `kind`/`id` in `format`: the PDF at /api/documents/{kind}/{id}, its CII
 * XML at the same path with `.xml` after the id. The one place that knows the shape of these links.
 */
export function documentPath(kind: DocumentKind, id: string, format: DocumentFormat = 'pdf'): string {
  return `/api/documents/${kind}/${encodeURIComponent(id)}${format === 'xml' ? '.xml' : ''}`;
}
