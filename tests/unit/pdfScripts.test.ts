/**
 * Every kind of PDF (signed and countersigned proposal with its audit
 * certificate, invoice, payment request, receipt, credit note) for clients
 * named in Greek, Cyrillic, Arabic, Hebrew, Hindi, Chinese, Japanese and
 * Korean: the names are embedded fonts' text that poppler's pdftotext gives
 * back (Hindi in poppler's visual order), never the Latin-1 mojibake of the
 * standard fonts; page 1 renders (pdftoppm).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  creditNoteModel,
  invoiceModel,
  proposalDocumentSchema,
  receiptModel,
  studioSettingsSchema,
  type InvoicePdfModel,
} from '@studio/domain';
import { pdfFirstPagePng, pdfFonts, pdfInk, pdfPageTexts } from '../pdfText.js';

vi.mock('firebase-functions/logger', () => ({ warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() }));
const { renderInvoicePdf } = await import('../../functions/src/features/documents/pdf/invoicePdf.js');
const { renderProposalPdf } = await import('../../functions/src/features/proposals/proposalPdf.js');
type ProposalPdfModel = Parameters<typeof renderProposalPdf>[0];

/** A client's name in each script, and how pdftotext gives it back (absent: as written). */
const NAMES: Array<{ script: string; name: string; extracted?: string }> = [
  { script: 'Greek', name: 'Θεοδώρα Παπαδημητροπούλου' },
  { script: 'Cyrillic', name: 'Анастасия Кузнецова' },
  { script: 'Arabic', name: 'محمد عبد الرحمن' },
  { script: 'Hebrew', name: 'אברהם בן דוד' },
  // Poppler gives Devanagari back in visual order: the vowel sign i (U+093F) before the consonants it follows.
  { script: 'Hindi', name: 'प्रियंका चोपड़ा', extracted: '\u093Fप्रयंका चोपड़ा' },
  { script: 'Chinese', name: '王秀英' },
  { script: 'Japanese', name: '山田 はなこ' },
  { script: 'Korean', name: '김민준' },
];

const studio = studioSettingsSchema.parse({
  businessName: 'Northwind Pixel Works',
  postalAddress: '42 Harbour Lane\nPortsmouth PO1 2AB',
  contactEmail: 'billing@northwind.example',
  taxId: '',
  logoUrl: '',
  paymentTermsDays: 21,
  invoiceFooter: 'Thank you!',
});

const signedAt = new Date('2026-11-27T14:04:05Z');

/** The signed proposal of client `name` (renderer 2). */
function proposal(name: string): ProposalPdfModel {
  return {
    renderer: 2,
    proposalId: 'prop-1',
    document: proposalDocumentSchema.parse({
      title: 'Website',
      clientName: name,
      clientEmail: 'client@example.com',
      studioName: 'Northwind Pixel Works',
      features: 'A site',
      phases: [{ name: 'Phase 1', description: 'Design' }],
      timeline: [{ name: 'Phase 1', hours: 20, start: '2026-11-30', end: '2026-12-04' }],
      weeklyCapacityHours: 20,
      quoteAmountCents: 450000,
      depositAmountCents: 225000,
      finalAmountCents: 225000,
      servicePlan: null,
      contractName: 'Contract',
      contractText: `This agreement is between Northwind Pixel Works and ${name}.`,
    }),
    documentSha256: 'a'.repeat(64),
    signature: {
      fullName: name,
      email: 'client@example.com',
      signedAt,
      studioLocalTime: 'November 27, 2026 at 3:04:05 PM (Europe/Paris)',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      consentText: 'I agree to sign electronically.',
      signaturePng: null,
    },
    countersignature: null,
    trail: [{ at: signedAt, type: 'signed', detail: `Signed by ${name}`, ip: '203.0.113.7' }],
  };
}

/** The invoice-type documents of client `name`. */
function invoices(name: string): Array<[string, InvoicePdfModel]> {
  const base = { issuedAt: new Date('2026-11-02T10:00:00Z'), clientName: name, email: 'client@example.com' };
  return [
    [
      'invoice',
      invoiceModel(
        studio,
        {
          ...base,
          number: 'INV-2026-0042',
          description: `Website for ${name}`,
          amountCents: 450000,
          dueDate: new Date('2026-11-23T00:00:00Z'),
          checkoutUrl: '/checkout?invoiceId=abc',
        },
        'https://studio.example',
      ),
    ],
    [
      'payment request',
      invoiceModel(
        studio,
        {
          ...base,
          number: 'PR-2026-0007',
          description: 'Deposit',
          amountCents: 225000,
          dueDate: null,
          checkoutUrl: '/checkout?requestId=r1',
        },
        'https://studio.example',
      ),
    ],
    [
      'receipt',
      receiptModel(studio, {
        ...base,
        paymentIntentId: 'pi_123',
        amountCents: 225000,
        description: 'Deposit',
        paidAt: new Date('2026-11-03T10:00:00Z'),
        number: 'INV-2026-0042',
      }),
    ],
    [
      'credit note',
      creditNoteModel(studio, {
        ...base,
        number: 'CN-2026-0001',
        amountCents: 5000,
        creditsNumber: 'INV-2026-0042',
        reference: 're_1',
        reason: null,
      }),
    ],
  ];
}

/** Every font of `pdf` is embedded, subset to the glyphs used and mapped back to Unicode; none is a standard font. */
function expectEmbeddedSubsets(pdf: Buffer, kind: string) {
  const fonts = pdfFonts(pdf);
  expect(fonts.length, kind).toBeGreaterThan(0);
  for (const f of fonts) expect(f, kind).toMatchObject({ embedded: true, subset: true, unicode: true });
  // Subsets: even a CJK name (fonts of 4.5 to 8.4 MB) leaves the PDF small.
  expect(pdf.length, kind).toBeLessThan(250_000);
}

/** pdftotext's text of `pdf`, all pages, whitespace runs as one space. */
const textOf = (pdf: Buffer) =>
  pdfPageTexts(pdf)
    .join('\n')
    .replace(/[ \t]+/g, ' ');

describe('every PDF names the client in any script', { timeout: 120_000 }, () => {
  for (const { script, name, extracted } of NAMES) {
    it(`${script}: ${name}`, async () => {
      const want = extracted ?? name;
      const signed = await renderProposalPdf(proposal(name));
      const counter = await renderProposalPdf({
        ...proposal(name),
        countersignature: { by: 'Studio Owner', at: new Date('2026-11-28T10:00:00Z') },
      });
      for (const [kind, pdf] of [
        ['signed proposal', signed],
        ['countersigned proposal', counter],
      ] as const) {
        const text = textOf(pdf);
        // For (cover), the signature line, Signed by, and the certificate's Signer.
        expect(text.split(want).length - 1, `${kind}: ${text}`).toBeGreaterThanOrEqual(4);
        expect(text, kind).toContain('AUDIT CERTIFICATE');
        expect(text, kind).toContain('$4,500.00');
        expectEmbeddedSubsets(pdf, kind);
      }
      for (const [kind, model] of invoices(name)) {
        const pdf = await renderInvoicePdf(model);
        expect(textOf(pdf), kind).toContain(want);
        expectEmbeddedSubsets(pdf, kind);
      }
      expect(pdfInk(signed, `proposal-${script}`)).toBeGreaterThan(0.001);
      pdfFirstPagePng(signed, `proposal-${script}`);
    });
  }
});
