/**
 * Bench helper (no emulators): invoice PDF generation time, warm. Renders a
 * typical invoice model (domain invoiceModel, one line, studio details, pay
 * link) with the server's renderer (functions/src/features/documents/pdf/invoicePdf.ts):
 * WARMUP renders first (module load, font metrics), then RUNS timed renders,
 * each `performance.now()` around renderInvoicePdf. No logo (a logo is
 * fetched once per URL and cached per instance). Prints
 * "BENCH_RESULT {samples, bytes}".
 *
 *   tsx bench/invoice-pdf.ts [--runs 100]
 */
import { performance } from 'node:perf_hooks';
import { invoiceModel, studioSettingsSchema } from '@studio/domain';
import { renderInvoicePdf } from '../functions/src/features/documents/pdf/invoicePdf.js';

const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 100;
const WARMUP = 10;

const studio = studioSettingsSchema.parse({
  businessName: 'Northwind Studio',
  postalAddress: '12 Harbour Street\nBrighton BN1 1AA',
  contactEmail: 'hello@northwind-studio.example',
  taxId: 'GB123456789',
  logoUrl: '',
  paymentTermsDays: 14,
  invoiceFooter: 'Thank you for your business.',
});
const model = invoiceModel(
  studio,
  {
    number: 'INV-2026-0042',
    description: 'Website redesign: 50% deposit',
    amountCents: 475_000,
    issuedAt: new Date('2026-11-02T10:00:00Z'),
    dueDate: new Date('2026-11-16T00:00:00Z'),
    clientName: 'Maya Chen',
    email: 'maya@example.com',
    checkoutUrl: '/checkout?amount=4750.00&description=Website&leadId=abc',
  },
  'https://studio.example',
);

let bytes = 0;
for (let n = 0; n < WARMUP; n++) bytes = (await renderInvoicePdf(model)).length;
const samples: number[] = [];
for (let n = 0; n < RUNS; n++) {
  const t0 = performance.now();
  await renderInvoicePdf(model);
  samples.push(performance.now() - t0);
}
console.log(`BENCH_RESULT ${JSON.stringify({ samples, bytes })}`);
