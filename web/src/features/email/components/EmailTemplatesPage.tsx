/**
 * Email templates (spec §2 "Email templates and test center", §5, §7
 * /api/email-templates*, §8), route /admin/email-templates.
 *
 * A list of the templates (contact-confirmation selected first), and for the
 * selected one: Content (Edit/Preview toggle, Save, Reset), Test (send the
 * saved template to an address) and Variables (insert `${var}` at the cursor,
 * Copy). Unknown placeholders are flagged while typing and block Save. The
 * preview renders the draft with the newest real lead's data in a sandboxed
 * iframe. Unsaved drafts are kept per template while switching.
 *
 * Two react-hook-form forms: the editor (one `drafts.<templateId>` entry per
 * template, validated with the domain's emailTemplateUpdateSchema on Save)
 * and the test address (templateTestSchema).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import {
  DEFAULT_TEMPLATE_ID,
  emailTemplateUpdateSchema,
  outboxAcceptedReply,
  declaredValues,
  renderTemplate,
  savedEmailTemplateReply,
  type TemplateTestInput,
  templateTestSchema,
  unknownPlaceholders,
} from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useEmailTemplates, type EmailTemplateView, type TemplatesState } from '../hooks/useEmailTemplates';
import { usePreviewVariables } from '../hooks/usePreviewVariables';
import { EmailPreview } from './EmailPreview';
import { useStudioDateFormat } from '../../settings';

type Field = 'subject' | 'html';
type Draft = Record<Field, string>;
type TabKey = 'content' | 'test' | 'variables';

/** The editor's values: each template's draft, by template id (a template never opened keeps its saved text). */
interface EditorValues {
  drafts: Record<string, Draft>;
}

/** A draft must be a valid template body (domain emailTemplateUpdateSchema). */
const editorSchema = z.object({ drafts: z.record(z.string(), emailTemplateUpdateSchema) });
const validateDrafts = zodResolver(editorSchema);
/** Save checks the open template's draft only (context.id): the others are saved, and checked, when opened. */
const openDraftResolver: Resolver<EditorValues, { id: string }> = (values, context, options) =>
  validateDrafts({ drafts: { [context!.id]: values.drafts[context!.id]! } }, context, options) as ReturnType<
    Resolver<EditorValues, { id: string }>
  >;

const token = (name: string) => `\${${name}}`;
const draftOf = (t: EmailTemplateView): Draft => ({ subject: t.subject, html: t.html });
const fieldName = <F extends Field>(id: string, field: F) => `drafts.${id}.${field}` as `drafts.${string}.${F}`;

function TabPanel({ id, current, children }: { id: TabKey; current: TabKey; children: ReactNode }) {
  // Panels stay mounted (hidden), so the editor keeps its cursor while another tab is open.
  return (
    <Box
      role="tabpanel"
      id={`template-panel-${id}`}
      aria-labelledby={`template-tab-${id}`}
      hidden={current !== id}
      sx={{ pt: 2 }}
    >
      {children}
    </Box>
  );
}

export function EmailTemplatesPage() {
  const templates = useEmailTemplates();
  if (templates.status === 'loading') return <Loading label="Loading templates..." />;
  if (templates.status === 'error' || templates.data.length === 0) {
    return (
      <Alert severity="error" action={<Button onClick={templates.reload}>Retry</Button>}>
        Could not load email templates{templates.error ? `: ${templates.error}` : ''}
      </Alert>
    );
  }
  return <TemplatesEditor templates={templates} />;
}

function TemplatesEditor({ templates }: { templates: TemplatesState }) {
  const toast = useToast();
  const dates = useStudioDateFormat();
  const preview = usePreviewVariables();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));

  const [selectedId, setSelectedId] = useState<string>(DEFAULT_TEMPLATE_ID);
  const [tab, setTab] = useState<TabKey>('content');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [resetting, setResetting] = useState(false);
  const [focusAfterInsert, setFocusAfterInsert] = useState<{ field: Field; at: number } | null>(null);

  const editor = useForm<EditorValues, { id: string }>({
    resolver: openDraftResolver,
    context: { id: templates.data.find((t) => t.id === selectedId)?.id ?? templates.data[0]!.id },
    defaultValues: { drafts: Object.fromEntries(templates.data.map((t) => [t.id, draftOf(t)])) },
  });
  const testForm = useForm<{ testEmail: string }, unknown, TemplateTestInput>({
    resolver: zodResolver(templateTestSchema),
    defaultValues: { testEmail: '' },
  });

  const subjectRef = useRef<HTMLInputElement | null>(null);
  const htmlRef = useRef<HTMLTextAreaElement | null>(null);
  /** The editor (subject or html) the admin was last in; its cursor is read from the element itself. */
  const lastField = useRef<Field>('html');

  const template: EmailTemplateView = templates.data.find((t) => t.id === selectedId) ?? templates.data[0]!;
  const drafts = useWatch({ control: editor.control, name: 'drafts' });
  const draft: Draft = drafts?.[template.id] ?? draftOf(template);
  const changed = (t: EmailTemplateView) => {
    const d = drafts?.[t.id];
    return !!d && (d.subject !== t.subject || d.html !== t.html);
  };
  const dirty = changed(template);
  const unknown = useMemo(() => unknownPlaceholders({ ...draft, variables: template.variables }), [template, draft]);
  const rendered = useMemo(
    () => renderTemplate(draft, declaredValues(template.variables, preview.vars)),
    [template.variables, draft, preview.vars],
  );
  const saving = editor.formState.isSubmitting;
  const sending = testForm.formState.isSubmitting;
  const busy = saving || resetting || sending;
  const fieldError = (field: Field) =>
    editor.getFieldState(fieldName(template.id, field), editor.formState).error?.message;

  const { clearErrors } = editor;
  useEffect(() => {
    clearErrors();
    lastField.current = 'html';
  }, [selectedId, clearErrors]);

  useEffect(() => {
    if (!focusAfterInsert || tab !== 'content' || mode !== 'edit') return;
    const el = focusAfterInsert.field === 'html' ? htmlRef.current : subjectRef.current;
    el?.focus();
    el?.setSelectionRange(focusAfterInsert.at, focusAfterInsert.at);
    setFocusAfterInsert(null);
  }, [focusAfterInsert, tab, mode]);

  /** The template as the server now stores it: the list shows it and its draft starts again from it. */
  const stored = (t: EmailTemplateView) => {
    templates.replace(t);
    editor.resetField(fieldName(t.id, 'subject'), { defaultValue: t.subject });
    editor.resetField(fieldName(t.id, 'html'), { defaultValue: t.html });
  };

  /**
   * Inserts `${name}` at the cursor of the editor last focused (the html by
   * default), replacing any selection. A text field keeps its selection while
   * blurred or hidden, so the Variables tab inserts where the admin left off.
   */
  const insertVariable = (name: string) => {
    const field = lastField.current;
    const el = field === 'html' ? htmlRef.current : subjectRef.current;
    const value = draft[field];
    const start = Math.min(el?.selectionStart ?? value.length, value.length);
    const end = Math.min(Math.max(el?.selectionEnd ?? start, start), value.length);
    const text = token(name);
    editor.setValue(fieldName(template.id, field), value.slice(0, start) + text + value.slice(end), {
      shouldDirty: true,
    });
    setTab('content');
    setMode('edit');
    setFocusAfterInsert({ field, at: start + text.length });
  };

  const copyVariable = async (name: string) => {
    try {
      await navigator.clipboard.writeText(token(name));
      toast({ title: 'Copied', description: `${token(name)} is on the clipboard.` });
    } catch {
      toast({ title: 'Copy failed', description: 'The browser did not allow clipboard access.', severity: 'error' });
    }
  };

  const save = async () => {
    if (unknown.length) return;
    const id = template.id;
    try {
      const res = await api.put(
        `/api/email-templates/${id}`,
        editor.getValues(`drafts.${id}`),
        savedEmailTemplateReply,
      );
      stored(res.template);
      toast({ title: 'Template Updated' });
    } catch (e) {
      if (e instanceof ApiError && e.fields) {
        for (const field of ['subject', 'html'] as const) {
          const message = e.fields[field];
          if (message) editor.setError(fieldName(id, field), { message });
        }
      }
      toast({ title: 'Update Failed', description: 'Failed to update email template.', severity: 'error' });
    }
  };

  const [confirmingReset, setConfirmingReset] = useState(false);
  /**
   * Puts back what a Reset replaced: the saved version (saved again) and the unsaved draft (in the editor).
   * The server keeps no history, so the Undo carries them.
   */
  const undoReset = async (t: EmailTemplateView, saved: Draft | null, unsaved: Draft | null) => {
    try {
      if (saved) stored((await api.put(`/api/email-templates/${t.id}`, saved, savedEmailTemplateReply)).template);
      if (unsaved) {
        editor.setValue(fieldName(t.id, 'subject'), unsaved.subject, { shouldDirty: true });
        editor.setValue(fieldName(t.id, 'html'), unsaved.html, { shouldDirty: true });
      }
      toast({ title: 'Template Updated', description: `${t.name} is back as it was before the reset.` });
    } catch {
      toast({ title: 'Update Failed', description: 'Failed to update email template.', severity: 'error' });
    }
  };

  const reset = async () => {
    setConfirmingReset(false);
    setResetting(true);
    const t = template;
    const saved = t.customized ? { subject: t.subject, html: t.html } : null;
    const unsaved = dirty ? { subject: draft.subject, html: draft.html } : null;
    try {
      const res = await api.post(`/api/email-templates/${t.id}/reset`, {}, savedEmailTemplateReply);
      stored(res.template);
      editor.clearErrors();
      toast({
        title: 'Template Reset',
        description: `${t.name} is back to its default.`,
        action: { label: 'Undo', onAction: () => void undoReset(t, saved, unsaved) },
      });
    } catch {
      toast({ title: 'Update Failed', description: 'Failed to update email template.', severity: 'error' });
    } finally {
      setResetting(false);
    }
  };

  const sendTest = async ({ testEmail }: TemplateTestInput) => {
    try {
      await api.post(`/api/email-templates/${template.id}/test`, { testEmail }, outboxAcceptedReply);
      toast({ title: 'Test Email Sent', description: `${template.name} was queued to ${testEmail}.` });
    } catch (e) {
      if (e instanceof ApiError && e.fields?.testEmail) testForm.setError('testEmail', { message: e.fields.testEmail });
      toast({ title: 'Test Failed', description: 'Failed to send test email.', severity: 'error' });
    }
  };
  // MUI's TextField takes the input's ref as inputRef (its `ref` is the root element's).
  const { ref: testEmailRef, ...testEmailField } = testForm.register('testEmail');
  const { ref: subjectFieldRef, ...subjectField } = editor.register(fieldName(template.id, 'subject'));
  const { ref: htmlFieldRef, ...htmlField } = editor.register(fieldName(template.id, 'html'));

  const picker = narrow ? (
    <TextField
      select
      label="Template"
      value={template.id}
      onChange={(e) => setSelectedId(e.target.value)}
      sx={{ mb: 2 }}
    >
      {templates.data.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
          {t.customized ? ' (customized)' : ''}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <Paper variant="outlined" component="nav" aria-label="Templates" sx={{ alignSelf: 'start' }}>
      <List disablePadding>
        {templates.data.map((t) => (
          // Each entry a list item holding its button (a list may only hold items).
          <ListItem key={t.id} disablePadding divider>
            <ListItemButton
              selected={t.id === template.id}
              aria-current={t.id === template.id ? 'true' : undefined}
              onClick={() => setSelectedId(t.id)}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t.name}</span>
                    {t.customized && <Chip size="small" label="Customized" color="secondary" variant="outlined" />}
                    {changed(t) && <Chip size="small" label="Unsaved" color="warning" variant="outlined" />}
                  </Stack>
                }
                secondary={t.description}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          Email Templates
        </Typography>
        <Typography color="text.secondary">
          The emails the studio sends. Edit a template's subject and HTML; variables fill in per email.
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' } }}>
        {picker}
        <Card component="section" aria-label={`Template ${template.name}`}>
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h2">
                  {template.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {template.description}
                  {template.customized && template.updatedAt
                    ? ` · Customized ${dates.dayTime(template.updatedAt)}`
                    : ''}
                </Typography>
              </Box>
              {template.customized && (
                <Chip
                  label="Customized"
                  color="secondary"
                  size="small"
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                />
              )}
            </Stack>

            <Tabs
              value={tab}
              onChange={(_e, v: TabKey) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="content" label="Content" id="template-tab-content" aria-controls="template-panel-content" />
              <Tab value="test" label="Test" id="template-tab-test" aria-controls="template-panel-test" />
              <Tab
                value="variables"
                label="Variables"
                id="template-tab-variables"
                aria-controls="template-panel-variables"
              />
            </Tabs>

            <TabPanel id="content" current={tab}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={mode}
                onChange={(_e, v: 'edit' | 'preview' | null) => v && setMode(v)}
                aria-label="Edit or preview"
                sx={{ mb: 2 }}
              >
                <ToggleButton value="edit">Edit</ToggleButton>
                <ToggleButton value="preview">Preview</ToggleButton>
              </ToggleButtonGroup>

              {unknown.length > 0 && (
                <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                  Unknown placeholders: {unknown.map(token).join(', ')}. Use only this template's variables:{' '}
                  {template.variables.map(token).join(', ')}.
                </Alert>
              )}

              <Box hidden={mode !== 'edit'}>
                <TextField
                  key={`${template.id}-subject`}
                  label="Subject"
                  {...subjectField}
                  inputRef={(el: HTMLInputElement | null) => {
                    subjectFieldRef(el);
                    subjectRef.current = el;
                  }}
                  onFocus={() => (lastField.current = 'subject')}
                  error={!!fieldError('subject')}
                  helperText={fieldError('subject') ?? ' '}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1, mb: 1, alignItems: 'center' }}
                  aria-label="Insert variable"
                >
                  <Typography variant="body2" color="text.secondary">
                    Insert:
                  </Typography>
                  {template.variables.map((v) => (
                    <Chip
                      key={v}
                      label={token(v)}
                      size="small"
                      variant="outlined"
                      clickable
                      // Keep the editor's focus and cursor while clicking.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => insertVariable(v)}
                      aria-label={`Insert ${token(v)}`}
                    />
                  ))}
                </Stack>
                <TextField
                  key={`${template.id}-html`}
                  label="HTML"
                  {...htmlField}
                  inputRef={(el: HTMLTextAreaElement | null) => {
                    htmlFieldRef(el);
                    htmlRef.current = el;
                  }}
                  onFocus={() => (lastField.current = 'html')}
                  multiline
                  minRows={12}
                  maxRows={30}
                  error={!!fieldError('html')}
                  helperText={fieldError('html') ?? 'Scripts, iframes and event handlers are removed when you save.'}
                  slotProps={{
                    htmlInput: {
                      spellCheck: false,
                      style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
                    },
                  }}
                />
              </Box>

              {mode === 'preview' && (
                <Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {preview.source}
                  </Typography>
                  <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="preview-subject">
                    <strong>Subject:</strong> {rendered.subject}
                  </Typography>
                  <EmailPreview html={rendered.html} title="Template preview" />
                </Box>
              )}

              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="contained"
                  startIcon={<SaveIcon />}
                  onClick={() => void editor.handleSubmit(save)()}
                  disabled={busy || unknown.length > 0}
                >
                  {saving ? 'Saving...' : 'Save'}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<RestartAltIcon />}
                  onClick={() => setConfirmingReset(true)}
                  disabled={busy || (!template.customized && !dirty)}
                >
                  {resetting ? 'Resetting...' : 'Reset'}
                </Button>
                {dirty && (
                  <Typography variant="body2" color="warning.main" sx={{ alignSelf: 'center' }}>
                    Unsaved changes
                  </Typography>
                )}
              </Stack>
            </TabPanel>

            <TabPanel id="test" current={tab}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Sends the saved version of {template.name}, filled with the newest lead's data (or sample data), through
                the email outbox.
              </Typography>
              {dirty && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  You have unsaved changes: save them first to test them.
                </Alert>
              )}
              <Stack
                component="form"
                noValidate
                onSubmit={testForm.handleSubmit(sendTest)}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  label="Test email address"
                  type="email"
                  {...testEmailField}
                  inputRef={testEmailRef}
                  error={!!testForm.formState.errors.testEmail}
                  helperText={testForm.formState.errors.testEmail?.message ?? ' '}
                />
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<SendIcon />}
                  disabled={busy}
                  sx={{ flexShrink: 0, mt: { sm: 1 } }}
                >
                  {sending ? 'Sending...' : 'Send Test'}
                </Button>
              </Stack>
            </TabPanel>

            <TabPanel id="variables" current={tab}>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                Insert puts the variable at the cursor in the subject or HTML editor. Values are escaped in the email,
                so they can never add markup.
              </Typography>
              <Stack>
                {template.variables.map((v) => (
                  <Paper
                    key={v}
                    variant="outlined"
                    sx={{ mb: 1, px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                  >
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                        {token(v)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        e.g. {preview.vars[v] ?? ''}
                      </Typography>
                    </Box>
                    <Button
                      size="small"
                      onClick={() => insertVariable(v)}
                      aria-label={`Insert ${token(v)} at the cursor`}
                    >
                      Insert
                    </Button>
                    <Tooltip title="Copy">
                      <IconButton size="small" onClick={() => void copyVariable(v)} aria-label={`Copy ${token(v)}`}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Paper>
                ))}
              </Stack>
            </TabPanel>
          </CardContent>
        </Card>
      </Box>
      <ConfirmDialog
        open={confirmingReset}
        title={`Reset ${template.name}?`}
        consequences={[
          ...(template.customized
            ? ['Your saved subject and body are replaced by the default; emails sent from now on use the default.']
            : []),
          ...(dirty ? ['Your unsaved changes to this template are discarded.'] : []),
          'You can undo this from the message that follows.',
        ]}
        confirmLabel="Reset"
        onCancel={() => setConfirmingReset(false)}
        onConfirm={() => void reset()}
      />
    </Box>
  );
}
