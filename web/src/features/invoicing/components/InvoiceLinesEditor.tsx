/**
 * The Create Invoice dialog's itemised fields: its lines (description, quantity, unit, unit price, tax rate in
 * percent), added and removed up to domain LINE_LIMITS.maxLines, a live preview of each line's net amount, the
 * taxable amount and tax per rate and the total (../invoiceLinesForm.ts previewTotals: domain
 * invoiceLineTotals after the tax treatment).
 * A treatment that changes the lines' tax (reverse charge, outside the scope, not VAT-registered) is named above
 * the preview: the server applies it from the stored settings and client record when it issues the invoice.
 */
import { useRef } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { formatUsd, LINE_LIMITS, LINE_UNITS, type LineUnit } from '@studio/domain';
import type { TaxTreatment } from '@studio/domain/invoiceTax';
import { FormTextField } from '../../../shared/components/FormTextField';
import {
  bpsToPercent,
  emptyLine,
  previewTotals,
  UNIT_OPTIONS,
  type ItemisedInvoice,
  type ItemisedInvoiceForm,
} from '../invoiceLinesForm';

const UNIT_CODES = UNIT_OPTIONS.map(([code]) => code);
const CATEGORY_TEXT = { S: '', Z: 'zero rated', E: 'exempt', AE: 'reverse charge', O: 'no VAT' } as const;

/** What the treatment means for this invoice, when it is not the lines' own rates. */
function treatmentHint(t: TaxTreatment): string | null {
  switch (t.kind) {
    case 'reverse_charge':
      return `Reverse charge likely: the client is a business with a valid VAT number (${t.clientVatId}) in another EU country, so the invoice is issued at 0% with the note “${t.note}”.`;
    case 'outside_scope':
      return `The client is a business outside the studio's VAT area: the invoice is issued at 0% with the note “${t.note}”.`;
    case 'not_registered':
      return `The studio is not VAT-registered (Settings): the invoice charges no VAT and prints “${t.note}”.`;
    default:
      return null;
  }
}

export function InvoiceLinesEditor({
  control,
  treatment,
  defaultRateBps,
}: {
  control: Control<ItemisedInvoiceForm, unknown, ItemisedInvoice>;
  /** The invoice's tax treatment as far as the page knows it (settings and the client's record). */
  treatment: TaxTreatment;
  /** A new line's rate (the studio's, basis points). */
  defaultRateBps: number;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const drafts = useWatch({ control, name: 'lines' });
  const { totals, skipped } = previewTotals(drafts ?? [], treatment);
  const hint = treatmentHint(treatment);
  const full = fields.length >= LINE_LIMITS.maxLines;
  const list = useRef<HTMLDivElement>(null);

  const add = () => {
    append(emptyLine(defaultRateBps), { shouldFocus: true });
  };
  const removeAt = (i: number) => {
    remove(i);
    // Focus stays in the list: on the remove button of the line that took its place, else the add button.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-remove-line]:not([disabled])');
      (buttons?.[Math.min(i, (buttons?.length ?? 1) - 1)] ?? list.current?.querySelector('[data-add-line]'))?.focus();
    });
  };

  // Each line's net by its index: the preview holds the lines that check, in order.
  const netByLine = new Map<number, number>();
  (drafts ?? []).forEach((_, i) => {
    if (!skipped.includes(i)) netByLine.set(i, totals.lines[netByLine.size]?.netCents ?? 0);
  });

  return (
    <Stack spacing={1.5} ref={list}>
      {fields.map((f, i) => {
        const net = netByLine.get(i) ?? null;
        return (
          <Paper
            key={f.id}
            variant="outlined"
            component="fieldset"
            sx={{ p: 1.5, m: 0, minWidth: 0, border: 1, borderColor: 'divider' }}
            data-testid="invoice-line"
          >
            <Box component="legend" sx={{ px: 0.5, typography: 'caption', color: 'text.secondary' }}>
              Line {i + 1}
            </Box>
            <FormTextField
              control={control}
              name={`lines.${i}.description`}
              label="Description"
              required
              fullWidth
              multiline
              size="small"
              slotProps={{ htmlInput: { maxLength: LINE_LIMITS.description } }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                mt: 1,
                gridTemplateColumns: { xs: '1fr 1fr', sm: '0.8fr 1fr 1.2fr 0.9fr' },
                alignItems: 'start',
              }}
            >
              <FormTextField
                control={control}
                name={`lines.${i}.quantity`}
                label="Quantity"
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormTextField
                control={control}
                name={`lines.${i}.unit`}
                label="Unit"
                size="small"
                options={UNIT_CODES}
                optionLabel={(c) => LINE_UNITS[c as LineUnit]}
              />
              <FormTextField
                control={control}
                name={`lines.${i}.unitPrice`}
                label="Unit price"
                size="small"
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
              <FormTextField
                control={control}
                name={`lines.${i}.taxRate`}
                label="Tax rate"
                size="small"
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary" data-testid="line-net">
                Net {net === null ? '—' : formatUsd(net)}
              </Typography>
              <IconButton
                aria-label={`Remove line ${i + 1}`}
                onClick={() => removeAt(i)}
                disabled={fields.length === 1}
                data-remove-line
                size="small"
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={add} disabled={full} data-add-line>
          Add line
        </Button>
        {full && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            An invoice has at most {LINE_LIMITS.maxLines} lines
          </Typography>
        )}
      </Box>
      {hint && (
        <Alert severity="info" data-testid="tax-treatment-hint">
          {hint}
        </Alert>
      )}
      <Box component="section" aria-label="Invoice preview" aria-live="polite">
        <Typography variant="overline" color="text.secondary" component="h3">
          Preview
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25 }}>
          <PreviewRow label="Net" cents={totals.netCents} />
          {totals.breakdown.map((r) => {
            const rate = `${bpsToPercent(r.rateBps)}%${CATEGORY_TEXT[r.category] ? ` ${CATEGORY_TEXT[r.category]}` : ''}`;
            return (
              <PreviewRow
                key={`${r.category}:${r.rateBps}`}
                label={`Tax at ${rate} on ${formatUsd(r.taxableCents)}`}
                cents={r.taxCents}
              />
            );
          })}
          <PreviewRow label="Total" cents={totals.totalCents} strong />
        </Box>
        {skipped.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            Not counted until complete: line {skipped.map((i) => i + 1).join(', ')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function PreviewRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <>
      <Typography component="dt" variant="body2" fontWeight={weight} sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" fontWeight={weight} sx={{ m: 0, textAlign: 'right' }}>
        {formatUsd(cents)}
      </Typography>
    </>
  );
}
