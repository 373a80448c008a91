/**
 * Factur-X / ZUGFeRD packaging: an invoice or credit note PDF made a PDF/A-3b
 * that carries its EN 16931 CII XML (ciiXml.ts), so a person reads the PDF as
 * before and the buyer's software reads the XML inside it.
 *
 * What Factur-X 1.0 (EN 16931 profile) asks of the PDF, and who does it:
 * - PDF/A-3b: pdfkit's `subset: 'PDF/A-3b'` writes the XMP metadata with
 *   pdfaid:part 3 / conformance B and an sRGB OutputIntent (GTS_PDFA1) with
 *   its ICC profile; every font is already embedded (platform/pdf/unicodeText.ts
 *   draws with the Noto fonts, subset), and nothing is encrypted;
 * - the XML as the embedded file `factur-x.xml`, MIME text/xml, with its
 *   dates, AFRelationship /Alternative (the PDF and the XML state the same
 *   invoice), listed in the catalog's /AF array and in the EmbeddedFiles name
 *   tree: pdfkit's `doc.file`;
 * - the Factur-X XMP extension schema (fx: DocumentType INVOICE,
 *   DocumentFileName, Version 1.0, ConformanceLevel EN 16931) declared the
 *   way PDF/A requires of a custom schema: appended to pdfkit's XMP here.
 * Checked in the tests by reading the PDF back (pdf-lib: these points) and by
 * Apache PDFBox Preflight for the rest of PDF/A (tests/pdfaPreflight.ts).
 */
import * as logger from 'firebase-functions/logger';
import type { EInvoice } from '@studio/domain';
import { ciiXml, EInvoiceIncomplete } from './ciiXml.js';

/** The embedded file's name Factur-X prescribes. */
export const FACTUR_X_FILENAME = 'factur-x.xml';
const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The pdfkit document options of a PDF/A-3b (PDF 1.7, which PDF/A-3 is based on). */
export const PDF_A3B_OPTIONS = { subset: 'PDF/A-3b', pdfVersion: '1.7' } as const;

/** The Factur-X XMP: the fx: properties, and their schema as PDF/A's extension schema container describes it. */
const FACTUR_X_XMP = `
<rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
${[
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
]
  .map(
    ([name, description]) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  )
  .join('\n')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * `info` for a PDF/A document: pdfkit writes each text both into the Info
 * dictionary (from the value) and into the XMP (by string interpolation,
 * unescaped), and PDF/A wants the two to say the same. Each text becomes a
 * String object whose value is the text and whose string form is the text
 * escaped for XML, so "Smith & Co" is "Smith & Co" in both and the XMP stays
 * well-formed.
 */
export function pdfaInfo(info: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(info)) {
    const s = new String(v);
    const escaped = escapeXml(v);
    Object.defineProperty(s, 'toString', { value: () => escaped });
    out[k] = s as unknown as string;
  }
  return out;
}

/**
 * The CII XML to embed for `einvoice`, or null when there is none or it
 * cannot be made: an e-invoice the settings or the client's record cannot
 * complete yet leaves the PDF a plain one (logged), as a PDF must never fail
 * for want of its XML; the `.xml` download says what is missing instead.
 */
export function facturXml(einvoice: EInvoice | null | undefined): string | null {
  if (!einvoice) return null;
  try {
    return ciiXml(einvoice);
  } catch (e) {
    if (e instanceof EInvoiceIncomplete) {
      logger.warn('pdf: sent without its e-invoice', { number: einvoice.number, missing: e.field, rule: e.rule });
    } else {
      logger.error('pdf: the e-invoice could not be made', { number: einvoice.number, error: String(e) });
    }
    return null;
  }
}

/**
 * Embeds `xml` in `doc` as Factur-X's `factur-x.xml` and adds the Factur-X
 * XMP; `doc` must have been made with PDF_A3B_OPTIONS and `at` is the
 * document's date (the file's creation and modification date).
 */
export function attachFacturX(doc: PDFKit.PDFDocument, xml: string, at: Date): void {
  // pdfkit writes `relationship` as the file spec's /AFRelationship; its published types lack the option.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' } = {
    name: FACTUR_X_FILENAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice (EN 16931 CII XML)',
    creationDate: at,
    modifiedDate: at,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(FACTUR_X_XMP);
}
