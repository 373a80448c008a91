/**
 * Promo Code Management (spec §2 "CRM dashboard" dialogs, §5 "Promo code",
 * §7 /api/promo-codes, §8): the live list with edit and delete, and the
 * "Create New Promo Code" / "Edit Promo Code" form (react-hook-form + the
 * domain's zod schemas). Empty optional numbers are omitted from the request;
 * dates are sent as ISO. Stored money is cents; the form shows dollars.
 */
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  centsToString,
  describePromo,
  fieldErrors,
  PROMO_DISCOUNT_TYPES,
  promoCreateSchema,
  promoOverLimitBy,
  type PromoDiscountType,
  type PromoRecord,
  promoRecordOf,
  promoReply,
  promoUpdateSchema,
  successReply,
} from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import type { LiveList, PromoCodeView } from '../../../shared/data/hooks';
import { Loading } from '../../../shared/components/PageState';
import { FormTextField } from '../../../shared/components/FormTextField';
import { usePhone } from '../../../shared/lib/usePhone';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';
import { useStudioDateFormat } from '../../settings';

/** How the discount type select names each type. */
const DISCOUNT_TYPE_LABELS: Record<PromoDiscountType, string> = {
  percentage: 'Percentage (%)',
  fixed: 'Fixed amount ($)',
};

/** A live promo code as the dialog lists it: reservedCount counts the holds not yet released. */
type PromoRow = PromoRecord & { id: string };

const toRow = (doc: PromoCodeView): PromoRow => ({ ...promoRecordOf(doc.id, doc), id: doc.id });

// ---- form -----------------------------------------------------------------------

interface PromoFormValues {
  code: string;
  discountType: PromoDiscountType;
  discountValue: string;
  minOrderAmount: string;
  maxDiscountAmount: string;
  usageLimit: string;
  isActive: boolean;
  /** One use per customer, by email. */
  onePerCustomer: boolean;
  /** datetime-local text, the browser's local time. */
  validFrom: string;
  validUntil: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date as a datetime-local value in the browser's time zone. */
function toLocalInput(d: Date | null): string {
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as ISO; '' when empty or unreadable (the schema then says why). */
function localToIso(v: string): string {
  if (!v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

function createDefaults(): PromoFormValues {
  return {
    code: '',
    discountType: 'percentage',
    discountValue: '10',
    minOrderAmount: '',
    maxDiscountAmount: '',
    usageLimit: '',
    isActive: true,
    onePerCustomer: false,
    validFrom: toLocalInput(new Date()),
    validUntil: '',
  };
}

function editValues(p: PromoRow): PromoFormValues {
  const money = (c: number | null) => (c == null ? '' : centsToString(c));
  return {
    code: p.code,
    discountType: p.discountType,
    discountValue: p.discountType === 'percentage' ? String(p.discountValue) : centsToString(p.discountValue),
    minOrderAmount: money(p.minOrderAmountCents),
    maxDiscountAmount: money(p.maxDiscountAmountCents),
    usageLimit: p.usageLimit == null ? '' : String(p.usageLimit),
    isActive: p.isActive,
    onePerCustomer: p.onePerCustomer === true,
    validFrom: toLocalInput(p.validFrom),
    validUntil: toLocalInput(p.validUntil),
  };
}

/** The request body (spec §7): empty optional numbers and an empty validUntil are left out. The code is sent on create only. */
function toRequest(v: PromoFormValues, mode: 'create' | 'edit'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    discountType: v.discountType,
    discountValue: v.discountValue.trim(),
    isActive: v.isActive,
    onePerCustomer: v.onePerCustomer,
    validFrom: localToIso(v.validFrom),
  };
  if (mode === 'create') body.code = v.code;
  for (const k of ['minOrderAmount', 'maxDiscountAmount', 'usageLimit'] as const)
    if (v[k].trim() !== '') body[k] = v[k].trim();
  if (v.validUntil) body.validUntil = localToIso(v.validUntil);
  return body;
}

/** Validates the form with the API's own schema, keyed by the same field names. */
function resolverFor(mode: 'create' | 'edit'): Resolver<PromoFormValues> {
  const schema = mode === 'create' ? promoCreateSchema : promoUpdateSchema;
  return async (values) => {
    const r = schema.safeParse(toRequest(values, mode));
    if (r.success) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(r.error)).map(([k, message]) => [k, { type: 'validate', message }]),
    );
    return { values: {}, errors };
  };
}

function PromoFormDialog({
  mode,
  promo,
  onClose,
}: {
  mode: 'create' | 'edit' | null;
  promo: PromoRow | null;
  onClose(): void;
}) {
  const toast = useToast();
  const phone = usePhone();
  const resolver = useMemo(() => resolverFor(mode === 'edit' ? 'edit' : 'create'), [mode]);
  const { control, handleSubmit, reset, setError, watch, formState } = useForm<PromoFormValues>({
    resolver,
    defaultValues: createDefaults(),
  });
  useEffect(() => {
    if (mode) reset(mode === 'edit' && promo ? editValues(promo) : createDefaults());
  }, [mode, promo, reset]);
  const type = watch('discountType');

  const submit = async (values: PromoFormValues) => {
    const creating = mode === 'create';
    try {
      if (creating) await api.post('/api/promo-codes', toRequest(values, 'create'), promoReply);
      else {
        const body = toRequest(values, 'edit');
        // The form shows minutes: an untouched validFrom keeps its stored value to the second.
        if (values.validFrom === toLocalInput(promo!.validFrom)) delete body.validFrom;
        await api.put(`/api/promo-codes/${encodeURIComponent(promo!.id)}`, body, promoReply);
      }
      toast({ title: creating ? 'Promo code created successfully' : 'Promo code updated successfully' });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields)
        for (const [k, m] of Object.entries(e.fields)) setError(k as keyof PromoFormValues, { message: m });
      if (e instanceof ApiError && e.status === 409 && creating) setError('code', { message: e.serverMessage });
      toast({
        title: creating ? 'Error creating promo code' : 'Error updating promo code',
        description: errorMessage(e, creating ? 'Failed to create promo code' : 'Failed to update promo code'),
        severity: 'error',
      });
    }
  };

  /** A text field; `hint` is the helper text shown while the field has no error. */
  const text = (
    name: Exclude<keyof PromoFormValues, 'isActive' | 'onePerCustomer' | 'discountType'>,
    label: string,
    { hint, ...extra }: Record<string, unknown> = {},
  ) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField control={control} name={name} {...extra} label={label} hint={hint as string | undefined} />
    </Grid>
  );
  const dollars = {
    type: 'number',
    slotProps: {
      htmlInput: { min: 0, step: 0.01 },
      input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
    },
  };
  const dateTime = { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } };
  const title = mode === 'edit' ? 'Edit Promo Code' : 'Create New Promo Code';

  return (
    <Dialog
      open={mode !== null}
      onClose={onClose}
      aria-labelledby="promo-form-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(submit)} style={{ display: 'contents' }}>
        <DialogTitle id="promo-form-title">{title}</DialogTitle>
        <DialogContent>
          <Grid container columnSpacing={2} rowSpacing={1} sx={{ pt: 1 }}>
            {text('code', 'Code', {
              disabled: mode === 'edit',
              autoFocus: mode === 'create',
              hint: 'Letters, digits, _ or -; saved in capitals',
              slotProps: { htmlInput: { style: { textTransform: 'uppercase' }, maxLength: 32 } },
            })}
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="discountType"
                label="Discount type"
                options={PROMO_DISCOUNT_TYPES}
                optionLabel={(t) => DISCOUNT_TYPE_LABELS[t as PromoDiscountType]}
              />
            </Grid>
            {text(
              'discountValue',
              'Discount value',
              type === 'percentage'
                ? {
                    type: 'number',
                    hint: 'Whole percent, 1 to 100',
                    slotProps: {
                      htmlInput: { min: 1, max: 100, step: 1 },
                      input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                    },
                  }
                : { ...dollars, hint: 'Dollars off' },
            )}
            {text('usageLimit', 'Usage limit', {
              type: 'number',
              hint: 'Blank means unlimited',
              slotProps: { htmlInput: { min: 1, step: 1 } },
            })}
            {text('minOrderAmount', 'Minimum order amount', { ...dollars, hint: 'Optional' })}
            {text('maxDiscountAmount', 'Maximum discount amount', { ...dollars, hint: 'Optional' })}
            {text('validFrom', 'Valid from', dateTime)}
            {text('validUntil', 'Valid until', { ...dateTime, hint: 'Blank means no expiration' })}
            <Grid size={12}>
              <Controller
                name="isActive"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="Active"
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                name="onePerCustomer"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="One use per customer (by email)"
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {mode === 'edit' ? 'Update Promo Code' : 'Create Promo Code'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

// ---- list ---------------------------------------------------------------------------

/** Paid uses against the limit, and the unpaid orders holding the code (they count against the limit too). */
function usageText(p: PromoRow): string {
  const over = promoOverLimitBy(p);
  const used =
    p.usageLimit == null
      ? `Used ${p.usedCount} (unlimited)`
      : `Used ${p.usedCount} of ${p.usageLimit}${over > 0 ? ` · over limit by ${over}` : ''}`;
  return `${used}${p.reservedCount ? ` · ${p.reservedCount} reserved` : ''}${p.onePerCustomer ? ' · one per customer' : ''}`;
}

/** "Starts Dec 2, 2026", "Valid until ...", "Expired ...": the day on the studio's clock (`dates`). */
function validityText(p: PromoRow, dates: StudioDateFormat): string {
  const now = Date.now();
  if (p.validFrom.getTime() > now) return `Starts ${dates.day(p.validFrom)}`;
  if (p.validUntil)
    return p.validUntil.getTime() <= now
      ? `Expired ${dates.day(p.validUntil)}`
      : `Valid until ${dates.day(p.validUntil)}`;
  return 'No expiration';
}

/** The promo code list of the dashboard's Promo Codes button; `codes` is the dashboard's live list (loading, error or the codes). */
export function PromoCodesDialog({
  open,
  onClose,
  codes,
}: {
  open: boolean;
  onClose(): void;
  codes: LiveList<PromoCodeView>;
}) {
  const toast = useToast();
  const phone = usePhone();
  const dates = useStudioDateFormat();
  const rows = useMemo(() => codes.data.map(toRow), [codes.data]);
  const [form, setForm] = useState<{ mode: 'create' | 'edit'; promo: PromoRow | null } | null>(null);
  const [deleting, setDeleting] = useState<PromoRow | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/api/promo-codes/${encodeURIComponent(deleting.id)}`, successReply);
      toast({ title: 'Promo code deleted successfully' });
      setDeleting(null);
    } catch (e) {
      toast({
        title: 'Error deleting promo code',
        description: errorMessage(e, 'Failed to delete promo code'),
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby="promo-list-title"
      >
        <DialogTitle id="promo-list-title">Promo Code Management</DialogTitle>
        <DialogContent>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setForm({ mode: 'create', promo: null })}
            >
              Create New Promo Code
            </Button>
          </Stack>
          {codes.status === 'loading' ? (
            <Loading label="Loading promo codes..." />
          ) : codes.status === 'error' ? (
            <Alert severity="error">Could not load promo codes: {codes.error?.message}</Alert>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              No promo codes yet.
            </Typography>
          ) : (
            <List aria-label="Promo codes">
              {rows.map((p) => (
                <ListItem
                  key={p.id}
                  divider
                  data-testid="promo-row"
                  secondaryAction={
                    <Box>
                      <IconButton aria-label={`Edit ${p.code}`} onClick={() => setForm({ mode: 'edit', promo: p })}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={`Delete ${p.code}`} edge="end" onClick={() => setDeleting(p)}>
                        <DeleteIcon />
                      </IconButton>
                    </Box>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Typography component="span" fontWeight={700} sx={{ fontFamily: 'monospace' }}>
                          {p.code}
                        </Typography>
                        <Chip
                          size="small"
                          label={p.isActive ? 'Active' : 'Inactive'}
                          color={p.isActive ? 'success' : 'default'}
                        />
                      </Stack>
                    }
                    secondary={`${describePromo(p)}${p.minOrderAmountCents != null ? ` · min order $${centsToString(p.minOrderAmountCents)}` : ''} · ${usageText(p)} · ${validityText(p, dates)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>

      <PromoFormDialog mode={form?.mode ?? null} promo={form?.promo ?? null} onClose={() => setForm(null)} />

      <Dialog
        open={deleting !== null}
        onClose={() => !busy && setDeleting(null)}
        aria-labelledby="promo-delete-title"
        aria-describedby="promo-delete-text"
      >
        <DialogTitle id="promo-delete-title">Delete Promo Code {deleting?.code}</DialogTitle>
        <DialogContent>
          <DialogContentText id="promo-delete-text">Are you sure you want to delete this promo code?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={busy}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
