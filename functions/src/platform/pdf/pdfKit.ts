/**
 * pdfkit for every PDF the server draws (invoices and the like in features/documents, the signed proposal in
 * features/proposals): required on first use, and a drawn document's bytes. With unicodeText.ts beside it, the
 * one layer both slices draw on, so neither imports the other for it.
 *
 * pdfkit is a runtime dependency left outside the esbuild bundle (it reads its font metrics from its package
 * directory), so functions that never render a PDF do not load it.
 */
import { createRequire } from 'node:module';

type PdfKit = typeof import('pdfkit');
let pdfkit: PdfKit | undefined;
/** pdfkit, required on first use (a plain require: it also works under tsx and vitest, where a dynamic import of a CommonJS package from this file does not). */
export function loadPdfKit(): PdfKit {
  return (pdfkit ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)('pdfkit') as PdfKit);
}

/** The bytes `doc` writes, once it has ended (call `doc.end()` after drawing). @throws what pdfkit reports. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
