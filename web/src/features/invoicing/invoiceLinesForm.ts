/**
 * The Create Invoice dialog's itemised form (no UI): a line as the admin types it (texts, the tax rate as a
 * percentage), checked line by line with the domain's invoiceLineInputSchema and turned into the body
 * POST /api/create-invoice takes (`lines[]` of description, quantity "1.5", unit, unitPrice "1234.50",
 * taxRateBps), and the live preview of the lines' totals.
 *
 * The preview's figures come from domain invoiceLineTotals, after the invoice's tax treatment
 * (applyTaxTreatment): the one rounding rule lives there, never here. It is a preview: the server applies the
 * treatment it reads from the stored settings and the client's record when it issues the invoice.
 */
import { z } from 'zod';
import {
  invoiceLineInputSchema,
  invoiceLineTotals,
  LINE_LIMITS,
  LINE_UNITS,
  type InvoiceLineTotals,
  type LineUnit,
} from '@studio/domain';
import { applyTaxTreatment, type TaxTreatment } from '@studio/domain/invoiceTax';

/** One line as typed: every field text; `taxRate` a percentage ("20", "5.5"). */
export interface LineDraft {
  description: string;
  quantity: string;
  unit: LineUnit;
  unitPrice: string;
  taxRate: string;
}

/** A line as POST /api/create-invoice takes it (domain invoiceLineInputSchema's input). */
export interface LineBody {
  description: string;
  quantity: string;
  unit: LineUnit;
  unitPrice: string;
  taxRateBps: number;
}

/** The message of a tax rate that is not a percentage with at most 2 decimals. */
export const TAX_RATE_MESSAGE = 'The tax rate must be a percentage such as 20 or 5.5';

/**
 * A percentage as typed ("20", "5.5", "7.25", " 0 ") in basis points (2000, 550, 725, 0), read digit by digit so
 * no float rounds it; null when it is not a number from 0 to 100 with at most 2 decimals.
 */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= LINE_LIMITS.maxTaxRateBps ? bps : null;
}

/** Basis points as the percentage typed back ("20", "5.5", "7.25"). */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** An empty line in hours at the studio's rate (basis points). */
export const emptyLine = (taxRateBps: number): LineDraft => ({
  description: '',
  quantity: '1',
  unit: 'HUR',
  unitPrice: '',
  taxRate: bpsToPercent(taxRateBps),
});

/** The units a line may take, in the order shown: code → word (domain LINE_UNITS). */
export const UNIT_OPTIONS = Object.entries(LINE_UNITS) as [LineUnit, string][];

/** Where a field of the body shows its message on the form: the rate is typed as `taxRate`. */
const draftField = (key: PropertyKey | undefined) => (key === 'taxRateBps' ? 'taxRate' : String(key ?? 'description'));

/**
 * A typed line checked with the domain's line schema, giving the body to send (the texts trimmed, the rate in
 * basis points); each refusal is put on the draft's field with the schema's message.
 */
export const lineDraftSchema = z
  .object({
    description: z.string(),
    quantity: z.string(),
    unit: z.enum(Object.keys(LINE_UNITS) as [LineUnit, ...LineUnit[]], { error: 'Choose a unit' }),
    unitPrice: z.string(),
    taxRate: z.string(),
  })
  .transform((d, ctx): LineBody => {
    const bps = percentToBps(d.taxRate);
    if (bps === null) ctx.addIssue({ code: 'custom', path: ['taxRate'], message: TAX_RATE_MESSAGE });
    const body = {
      description: d.description.trim(),
      quantity: d.quantity.trim(),
      unit: d.unit,
      unitPrice: d.unitPrice.trim(),
      taxRateBps: bps ?? 0,
    };
    const checked = invoiceLineInputSchema.safeParse(body);
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: [draftField(issue.path[0])], message: issue.message });
    return body;
  });

/**
 * The itemised form: its lines, the invoice's description (what it is for, required as for a single amount), and
 * its optional supply date and due date (YYYY-MM-DD).
 */
export const itemisedInvoiceFormSchema = z.object({
  lines: z
    .array(lineDraftSchema)
    .min(1, 'Add at least one line')
    .max(LINE_LIMITS.maxLines, `An invoice has at most ${LINE_LIMITS.maxLines} lines`),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(300, 'Description must be at most 300 characters'),
  supplyDate: z.string(),
  dueDate: z.string(),
});
export type ItemisedInvoiceForm = z.input<typeof itemisedInvoiceFormSchema>;
export type ItemisedInvoice = z.output<typeof itemisedInvoiceFormSchema>;

/** The create-invoice body of a checked itemised form for `leadId`: blank optional dates are left out. */
export function itemisedInvoiceBody(leadId: string, form: ItemisedInvoice) {
  return {
    leadId,
    lines: form.lines,
    description: form.description,
    ...(form.supplyDate ? { supplyDate: form.supplyDate } : {}),
    ...(form.dueDate ? { dueDate: form.dueDate } : {}),
  };
}

/**
 * The preview of `drafts` under `treatment`: the totals (domain invoiceLineTotals) of the lines that check, and
 * which drafts were left out because they do not (yet). Pure.
 */
export function previewTotals(
  drafts: readonly LineDraft[],
  treatment: TaxTreatment,
): { totals: InvoiceLineTotals; skipped: number[] } {
  const lines: {
    description: string;
    quantityMilli: number;
    unit: LineUnit;
    unitPriceCents: number;
    taxRateBps: number;
  }[] = [];
  const skipped: number[] = [];
  drafts.slice(0, LINE_LIMITS.maxLines).forEach((d, i) => {
    const bps = percentToBps(d.taxRate);
    // A line still without its description is previewed all the same: its amounts are what the preview shows.
    const parsed =
      bps === null
        ? null
        : invoiceLineInputSchema.safeParse({
            description: d.description.trim() || `Line ${i + 1}`,
            quantity: d.quantity.trim(),
            unit: d.unit,
            unitPrice: d.unitPrice.trim(),
            taxRateBps: bps,
          });
    if (!parsed?.success) return void skipped.push(i);
    const { description, quantity, unit, unitPrice, taxRateBps } = parsed.data;
    lines.push({ description, quantityMilli: quantity, unit, unitPriceCents: unitPrice, taxRateBps });
  });
  return { totals: invoiceLineTotals(applyTaxTreatment(lines, treatment)), skipped };
}

/**
 * The itemised form's field a server field message belongs on, or null when it has none (the message is toasted):
 * the body's paths ("lines.0.quantity", "supplyDate") are the form's, but for a line's rate, sent as
 * `taxRateBps` and typed as `taxRate`.
 */
export function itemisedFieldOf(
  key: string,
): `lines.${number}.${keyof LineDraft}` | 'description' | 'supplyDate' | 'dueDate' | null {
  if (key === 'description' || key === 'supplyDate' || key === 'dueDate') return key;
  const m = /^lines\.(\d+)\.(description|quantity|unit|unitPrice|taxRateBps)$/.exec(key);
  if (!m) return null;
  return `lines.${Number(m[1])}.${m[2] === 'taxRateBps' ? 'taxRate' : (m[2] as keyof LineDraft)}`;
}
