/**
 * A structural check of a Factur-X PDF for the tests: reads the PDF back with
 * pdf-lib (read-only) and checks what PDF/A-3b and Factur-X 1.0 ask of it
 * (listed on `facturXProblems`): what is Factur-X's and PDF/A-3's own. The
 * PDF/A rules of the content (colour spaces used, transparency, glyph widths,
 * XMP/Info equivalence) are checked by a validator, tests/pdfaPreflight.ts.
 */
import { createRequire } from 'node:module';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

const require = createRequire(import.meta.url);

/** The bytes of `stream`, its filters undone. */
function streamBytes(stream: PDFStream): Uint8Array {
  return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
}

/** A name's text: "/text#2Fxml" → "text/xml". */
const nameText = (n: unknown) =>
  n instanceof PDFName
    ? n
        .asString()
        .slice(1)
        .replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    : null;
const stringText = (s: unknown) => (s instanceof PDFString || s instanceof PDFHexString ? s.decodeText() : null);

interface SaxonLite {
  XPath: { evaluate(x: string, ctx: unknown, o: { namespaceContext: Record<string, string> }): unknown };
  getResource(o: { text: string; type: 'xml' }): Promise<unknown>;
}

export interface FacturXCheck {
  /** What is wrong, one sentence each; empty when every checked point holds. */
  problems: string[];
  /** The embedded factur-x.xml as text, or null when there is none. */
  xml: string | null;
  /** The XMP metadata as text, or null. */
  xmp: string | null;
}

/**
 * Checks `pdf` for:
 * - a PDF 1.7 header (PDF/A-3 is based on it), no encryption, a trailer /ID;
 * - an XMP metadata stream on the catalog, well-formed, with pdfaid:part 3 and
 *   pdfaid:conformance B, the fx: properties (DocumentType INVOICE,
 *   DocumentFileName factur-x.xml, Version 1.0, ConformanceLevel EN 16931) and
 *   the PDF/A extension schema that declares fx:;
 * - an OutputIntent /GTS_PDFA1 with an ICC profile stream (N 3);
 * - every font embedded (its descriptor, or its descendant's, has
 *   FontFile, FontFile2 or FontFile3; a Type3 font is drawn by the file itself);
 * - the embedded file factur-x.xml: a file spec with /F and /UF, AFRelationship
 *   /Alternative, listed in the catalog's /AF and the EmbeddedFiles name tree,
 *   its stream of /Subtype text/xml with /Params holding ModDate.
 */
export async function facturXProblems(pdf: Uint8Array): Promise<FacturXCheck> {
  const problems: string[] = [];
  const header = Buffer.from(pdf.subarray(0, 8)).toString('latin1');
  if (header !== '%PDF-1.7') problems.push(`The header is ${header}, not %PDF-1.7`);
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const { context, catalog } = doc;
  if (doc.isEncrypted || context.trailerInfo.Encrypt) problems.push('The PDF is encrypted');
  if (!context.trailerInfo.ID) problems.push('The trailer has no /ID');

  // XMP.
  let xmp: string | null = null;
  const meta = catalog.lookup(PDFName.of('Metadata'));
  if (!(meta instanceof PDFStream)) problems.push('The catalog has no /Metadata stream');
  else {
    xmp = Buffer.from(streamBytes(meta)).toString('utf8');
    const saxon = require('saxon-js') as SaxonLite;
    try {
      const xmpDoc = await saxon.getResource({ text: xmp.trim(), type: 'xml' });
      const ns = {
        pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
        fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
        pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
      };
      const value = (x: string) => String(saxon.XPath.evaluate(`string(${x})`, xmpDoc, { namespaceContext: ns }));
      const expect = (x: string, want: string) => {
        const got = value(x);
        if (got !== want) problems.push(`XMP ${x} is "${got}", not "${want}"`);
      };
      expect('//pdfaid:part', '3');
      expect('//pdfaid:conformance', 'B');
      expect('//fx:DocumentType', 'INVOICE');
      expect('//fx:DocumentFileName', 'factur-x.xml');
      expect('//fx:Version', '1.0');
      expect('//fx:ConformanceLevel', 'EN 16931');
      expect(`//pdfaSchema:namespaceURI[. = '${ns.fx}']/../pdfaSchema:prefix`, 'fx');
    } catch (e) {
      problems.push(`The XMP is not well-formed XML: ${String(e)}`);
    }
  }

  // OutputIntent.
  const intents = catalog.lookup(PDFName.of('OutputIntents'));
  const pdfa =
    intents instanceof PDFArray
      ? intents
          .asArray()
          .map((i) => context.lookup(i))
          .find((d): d is PDFDict => d instanceof PDFDict && nameText(d.get(PDFName.of('S'))) === 'GTS_PDFA1')
      : undefined;
  const icc = pdfa?.lookup(PDFName.of('DestOutputProfile'));
  if (!pdfa) problems.push('No OutputIntent /GTS_PDFA1');
  else if (
    !(icc instanceof PDFStream) ||
    String(icc.dict.get(PDFName.of('N'))) !== '3' ||
    streamBytes(icc).length < 128
  )
    problems.push('The OutputIntent has no RGB ICC profile');

  // Fonts.
  let fonts = 0;
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || nameText(obj.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = nameText(obj.get(PDFName.of('Subtype')));
    if (subtype === 'Type3' || subtype === 'CIDFontType0' || subtype === 'CIDFontType2') continue;
    fonts++;
    const base = nameText(obj.get(PDFName.of('BaseFont')));
    const descendant =
      subtype === 'Type0' ? obj.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict) : obj;
    const fd = descendant.lookup(PDFName.of('FontDescriptor'));
    const embedded = fd instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd.get(PDFName.of(k)));
    if (!embedded) problems.push(`Font ${base ?? ref.toString()} is not embedded`);
  }
  if (fonts === 0) problems.push('No font at all');

  // The embedded XML.
  let xml: string | null = null;
  const af = catalog.lookup(PDFName.of('AF'));
  const specs =
    af instanceof PDFArray
      ? af
          .asArray()
          .map((r) => context.lookup(r))
          .filter((d): d is PDFDict => d instanceof PDFDict)
      : [];
  const spec = specs.find((d) => stringText(d.get(PDFName.of('UF'))) === 'factur-x.xml');
  if (!spec) problems.push('The catalog /AF lists no factur-x.xml');
  else {
    if (stringText(spec.get(PDFName.of('F'))) !== 'factur-x.xml') problems.push('The file spec /F is not factur-x.xml');
    if (nameText(spec.get(PDFName.of('AFRelationship'))) !== 'Alternative')
      problems.push('AFRelationship is not /Alternative');
    const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(file instanceof PDFStream)) problems.push('The file spec has no embedded file stream');
    else {
      if (nameText(file.dict.get(PDFName.of('Subtype'))) !== 'text/xml')
        problems.push('The embedded file is not /Subtype text/xml');
      const params = file.dict.lookup(PDFName.of('Params'));
      if (!(params instanceof PDFDict) || !params.get(PDFName.of('ModDate')))
        problems.push('The embedded file has no /Params /ModDate');
      xml = Buffer.from(streamBytes(file)).toString('utf8');
    }
    const names = catalog.lookup(PDFName.of('Names'));
    const tree = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
    const listed = tree instanceof PDFDict ? tree.lookup(PDFName.of('Names')) : undefined;
    const specRef = (af as PDFArray).asArray().find((r) => context.lookup(r) === spec);
    if (!(listed instanceof PDFArray) || !listed.asArray().some((x) => x instanceof PDFRef && x === specRef))
      problems.push('factur-x.xml is not in the EmbeddedFiles name tree');
  }
  return { problems, xml, xmp };
}
