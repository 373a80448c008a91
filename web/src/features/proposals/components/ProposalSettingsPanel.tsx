/**
 * Settings › Proposals: the weekly capacity the timelines are laid at,
 * countersigning (on by default), and the contract templates: the default
 * (its starting text is no legal advice) and named ones, each with a preview
 * with a lead's data (sample data without one). Saved whole through PUT
 * /api/settings/proposals with the version it was loaded from.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  contractPreviewReply,
  settingsSavedReply,
  type ContractTemplate,
  type ProposalSettingsReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { invalidateAdminQueries, useAdminQuery } from '../../../shared/data/adminQuery';
import { proposalQueries } from '../queries';

function TemplateEditor({
  template,
  onChange,
  onRemove,
}: {
  template: ContractTemplate;
  onChange(t: ContractTemplate): void;
  onRemove?: () => void;
}) {
  const [leadId, setLeadId] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const show = async () => {
    try {
      const r = await api.post(
        '/api/settings/proposals/preview',
        { text: template.text, ...(leadId.trim() ? { leadId: leadId.trim() } : {}) },
        contractPreviewReply,
      );
      setPreview(r.text);
    } catch (e) {
      setPreview(errorMessage(e, 'Could not render the preview'));
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label={`Contract template ${template.name}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label="Template name"
          value={template.name}
          onChange={(e) => onChange({ ...template, name: e.target.value })}
        />
        <TextField
          size="small"
          label="Template id"
          value={template.id}
          disabled={!onRemove}
          onChange={(e) => onChange({ ...template, id: e.target.value })}
        />
      </Stack>
      <TextField
        multiline
        minRows={6}
        maxRows={20}
        label={`Contract text: ${template.name}`}
        value={template.text}
        onChange={(e) => onChange({ ...template, text: e.target.value })}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label="Preview with lead id (optional)"
          value={leadId}
          onChange={(e) => setLeadId(e.target.value)}
        />
        <Button onClick={() => void show()}>Preview</Button>
        {onRemove && (
          <Button color="warning" onClick={onRemove}>
            Remove template
          </Button>
        )}
      </Stack>
      {preview !== null && (
        <Box
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'inherit' }}
        >
          {preview}
        </Box>
      )}
    </Stack>
  );
}

/** The form's fields, from the read of `from` (its dataUpdatedAt). */
interface Form {
  from: number;
  capacity: string;
  countersign: boolean;
  holdSetUp: boolean;
  templates: ContractTemplate[];
}

const formOf = (r: ProposalSettingsReply, from: number): Form => ({
  from,
  capacity: String(r.settings.weeklyCapacityHours),
  countersign: r.settings.countersign,
  holdSetUp: r.settings.holdSetUpUntilCountersigned,
  templates: r.templates,
});

export function ProposalSettingsPanel() {
  const toast = useToast();
  const settings = useAdminQuery(proposalQueries.settings());
  // The form starts from this mount's own read (never from the cached one, which may be older), and starts
  // again from each later one: the read after a save.
  const fresh = settings.isFetchedAfterMount ? settings.data : undefined;
  const [form, setForm] = useState<Form | null>(null);
  if (fresh && form?.from !== settings.dataUpdatedAt) setForm(formOf(fresh, settings.dataUpdatedAt));
  const [saving, setSaving] = useState(false);

  if (settings.isFetchedAfterMount && settings.error)
    return <Alert severity="error">{errorMessage(settings.error, 'Could not load the proposal settings')}</Alert>;
  if (!fresh || !form) return <Loading label="Loading settings..." />;
  const loaded = fresh;
  const { capacity, countersign, holdSetUp, templates } = form;
  const edit = (change: Partial<Omit<Form, 'from'>>) => setForm((f) => f && { ...f, ...change });
  const setCapacity = (capacity: string) => edit({ capacity });
  const setCountersign = (countersign: boolean) => edit({ countersign });
  const setHoldSetUp = (holdSetUp: boolean) => edit({ holdSetUp });
  const setTemplates = (change: (ts: ContractTemplate[]) => ContractTemplate[]) =>
    setForm((f) => f && { ...f, templates: change(f.templates) });

  const save = async () => {
    setSaving(true);
    try {
      await api.put(
        '/api/settings/proposals',
        {
          weeklyCapacityHours: Number(capacity),
          countersign,
          holdSetUpUntilCountersigned: holdSetUp,
          contractTemplates: templates,
          version: loaded.version,
        },
        settingsSavedReply,
      );
      toast({ title: 'Proposal settings saved' });
      // Read again (a new version); the quote review's contract choice shares this read.
      void invalidateAdminQueries(proposalQueries.settings().queryKey);
    } catch (e) {
      toast({ title: 'Save failed', description: errorMessage(e, 'Please try again.'), severity: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Alert severity="info">{loaded.notLegalAdvice}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          type="number"
          label="Weekly capacity (hours)"
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 80 } }}
        />
        <FormControlLabel
          control={<Switch checked={countersign} onChange={(e) => setCountersign(e.target.checked)} />}
          label="I countersign each signed contract"
        />
        <FormControlLabel
          control={
            <Switch
              checked={countersign && holdSetUp}
              disabled={!countersign}
              onChange={(e) => setHoldSetUp(e.target.checked)}
            />
          }
          label="Hold Set up until I countersign"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {countersign && holdSetUp
          ? 'A signed project waits in Quote Accepted and moves to Set up when you countersign it.'
          : 'A signed project moves to Set up at once; work can start before your countersignature.'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Variables: {loaded.variables.map((v) => `\${${v}}`).join(', ')}
      </Typography>
      {templates.map((t, i) => (
        <TemplateEditor
          key={i}
          template={t}
          onChange={(next) => setTemplates((ts) => ts.map((x, j) => (j === i ? next : x)))}
          onRemove={i === 0 ? undefined : () => setTemplates((ts) => ts.filter((_x, j) => j !== i))}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          onClick={() =>
            setTemplates((ts) => [
              ...ts,
              { id: `contract-${ts.length}`, name: 'New contract', text: ts[0]?.text ?? '' },
            ])
          }
        >
          Add a template
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
