/**
 * The "Automations" tab: each automatic reminder on or off, with its days
 * (domain AUTOMATION_INFO says what the days count); the overdue reminder
 * also how often it repeats after its last day and how many times at most
 * (domain reminders.ts overdueSeries). Saved whole through
 * PUT /api/settings/automations with the version the form was loaded from (a
 * 409, someone saved since, goes to `onStale`); the daily reminder job reads it.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AUTOMATION_INFO,
  AUTOMATION_KEYS,
  OVERDUE_REPEAT_LIMITS,
  type AutomationKey,
  type AutomationSettings,
  automationSettingsSchema,
  fieldErrors,
  settingsSavedReply,
} from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';

/** The form's state: days as typed; the overdue reminder's repeats too. */
type Draft = Record<AutomationKey, { enabled: boolean; days: string }> & {
  repeat: { every: string; max: string };
};

const toDraft = (s: AutomationSettings): Draft => ({
  ...(Object.fromEntries(
    AUTOMATION_KEYS.map((k) => [
      k,
      { enabled: s[k].enabled, days: Array.isArray(s[k].days) ? s[k].days.join(', ') : String(s[k].days) },
    ]),
  ) as Record<AutomationKey, { enabled: boolean; days: string }>),
  repeat: { every: String(s.invoiceOverdue.repeatEveryDays), max: String(s.invoiceOverdue.maxRepeats) },
});

/** A whole number as typed; blank is NaN (for the schema to flag). */
const num = (v: string) => (v.trim() === '' ? NaN : Number(v));

/** Days as numbers: "1, 7, 14" for the overdue list, one number otherwise (NaN stays, for the schema to flag). */
const fromDraft = (d: Draft): unknown =>
  Object.fromEntries(
    AUTOMATION_KEYS.map((k) => [
      k,
      k === 'invoiceOverdue'
        ? {
            enabled: d[k].enabled,
            days: d[k].days.split(',').map((v) => Number(v.trim())),
            repeatEveryDays: num(d.repeat.every),
            maxRepeats: num(d.repeat.max),
          }
        : { enabled: d[k].enabled, days: num(d[k].days) },
    ]),
  );

/** The error of the days field of `k` (for the overdue list: of any of its days), not of the repeat fields. */
const daysErrorOf = (errors: Record<string, string>, k: AutomationKey) =>
  Object.entries(errors).find(([f]) => f === k || f === `${k}.days` || f.startsWith(`${k}.days.`))?.[1];

export function AutomationsForm({
  settings,
  version,
  onStale,
  onSaved,
}: {
  settings: AutomationSettings;
  /** The version `settings` were read at (sent back with the save). */
  version: number;
  /** The save was refused because someone else saved first: `message` is the server's. */
  onStale(message: string): void;
  onSaved(): void;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: AutomationKey, v: Partial<Draft[AutomationKey]>) =>
    setDraft((d) => ({ ...d, [k]: { ...d[k], ...v } }));
  const setRepeat = (v: Partial<Draft['repeat']>) => setDraft((d) => ({ ...d, repeat: { ...d.repeat, ...v } }));
  const errorOf = (k: AutomationKey) => daysErrorOf(errors, k);
  const everyError = errors['invoiceOverdue.repeatEveryDays'];
  const maxError = errors['invoiceOverdue.maxRepeats'];

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = automationSettingsSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.put('/api/settings/automations', { ...parsed.data, version }, settingsSavedReply);
      toast({ title: 'Automations saved' });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onStale(err.serverMessage);
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast({
        title: 'Automations not saved',
        description: errorMessage(err, 'Could not save the automations'),
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={save} aria-label="Automations">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Reminders are emailed to the client once a day, through the templates on the Email Templates page. Each one is
        sent once; after its last day, the overdue reminder repeats as set below. They stop as soon as the quote is
        accepted or the invoice is paid, voided or written off.
      </Typography>
      <Stack spacing={2}>
        {AUTOMATION_KEYS.map((k) => (
          <Stack
            key={k}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
            data-testid={`automation-${k}`}
          >
            <FormControlLabel
              sx={{ minWidth: 260 }}
              control={<Switch checked={draft[k].enabled} onChange={(e) => set(k, { enabled: e.target.checked })} />}
              label={AUTOMATION_INFO[k].label}
            />
            <TextField
              size="small"
              label={k === 'invoiceOverdue' ? 'Days (comma-separated)' : 'Days'}
              value={draft[k].days}
              onChange={(e) => set(k, { days: e.target.value })}
              error={!!errorOf(k)}
              helperText={errorOf(k) ?? AUTOMATION_INFO[k].days}
              slotProps={{
                htmlInput: {
                  inputMode: k === 'invoiceOverdue' ? 'text' : 'numeric',
                  'aria-label': `${AUTOMATION_INFO[k].label}: ${AUTOMATION_INFO[k].days}`,
                },
              }}
            />
          </Stack>
        ))}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ pl: { sm: 2 }, alignItems: { sm: 'flex-start' } }}
          role="group"
          aria-labelledby="overdue-repeat-heading"
          data-testid="automation-invoiceOverdue-repeat"
        >
          <Typography id="overdue-repeat-heading" sx={{ minWidth: 244, pt: { sm: 1 } }}>
            After the last overdue reminder, until the invoice is paid, voided or written off
          </Typography>
          <TextField
            size="small"
            label="Repeat every (days)"
            value={draft.repeat.every}
            onChange={(e) => setRepeat({ every: e.target.value })}
            error={!!everyError}
            helperText={everyError ?? `Days after the last reminder, 1 to ${OVERDUE_REPEAT_LIMITS.maxEveryDays}`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            size="small"
            label="Repeat at most (times)"
            value={draft.repeat.max}
            onChange={(e) => setRepeat({ max: e.target.value })}
            error={!!maxError}
            helperText={maxError ?? `0 to ${OVERDUE_REPEAT_LIMITS.maxRepeats}; 0 sends none after the last day`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </Stack>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
        {busy ? 'Saving...' : 'Save automations'}
      </Button>
    </form>
  );
}
