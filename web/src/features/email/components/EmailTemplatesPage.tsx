/**
 * Email templates (spec §2 "Email templates and test center", §5, §7
 * /api/email-templates*, §8; issue 8), route /admin/email-templates.
 *
 * A list of the templates (contact-confirmation selected first), and for the
 * selected one: Content (Edit/Preview toggle, Save, Reset), Test (send the
 * saved template to an address) and Variables (insert `${var}` at the cursor,
 * Copy). Unknown placeholders are flagged while typing and block Save. The
 * preview renders the draft with the newest real lead's data in a sandboxed
 * iframe. Unsaved drafts are kept per template while switching.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
import { DEFAULT_TEMPLATE_ID, EMAIL_FIELD_MESSAGES, EMAIL_MESSAGE, renderTemplate, unknownPlaceholders } from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { EmailPreview, useEmailTemplates, usePreviewVariables, type EmailTemplateView } from '../shared';

type Field = 'subject' | 'html';
type Draft = Record<Field, string>;
type TabKey = 'content' | 'test' | 'variables';

const token = (name: string) => `\${${name}}`;
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

function TabPanel({ id, current, children }: { id: TabKey; current: TabKey; children: ReactNode }) {
  // Panels stay mounted (hidden), so the editor keeps its cursor while another tab is open.
  return (
    <Box role="tabpanel" id={`template-panel-${id}`} aria-labelledby={`template-tab-${id}`} hidden={current !== id} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}

export function EmailTemplatesPage() {
  const toast = useToast();
  const templates = useEmailTemplates();
  const preview = usePreviewVariables();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));

  const [selectedId, setSelectedId] = useState<string>(DEFAULT_TEMPLATE_ID);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [tab, setTab] = useState<TabKey>('content');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [busy, setBusy] = useState<'save' | 'reset' | 'test' | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [testEmail, setTestEmail] = useState('');
  const [testError, setTestError] = useState<string | null>(null);

  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  /** The editor (subject or html) the admin was last in; its cursor is read from the element itself. */
  const lastField = useRef<Field>('html');
  const [focusAfterInsert, setFocusAfterInsert] = useState<{ field: Field; at: number } | null>(null);

  const template: EmailTemplateView | undefined = templates.data.find((t) => t.id === selectedId) ?? templates.data[0];
  const draft: Draft | null = template ? (drafts[template.id] ?? { subject: template.subject, html: template.html }) : null;
  const dirty = !!template && !!draft && (draft.subject !== template.subject || draft.html !== template.html);
  const unknown = useMemo(() => (template && draft ? unknownPlaceholders({ ...draft, variables: template.variables }) : []), [template, draft]);
  const rendered = useMemo(() => (draft ? renderTemplate(draft, preview.vars) : null), [draft, preview.vars]);

  useEffect(() => {
    setServerErrors({});
    lastField.current = 'html';
  }, [selectedId]);

  useEffect(() => {
    if (!focusAfterInsert || tab !== 'content' || mode !== 'edit') return;
    const el = focusAfterInsert.field === 'html' ? htmlRef.current : subjectRef.current;
    el?.focus();
    el?.setSelectionRange(focusAfterInsert.at, focusAfterInsert.at);
    setFocusAfterInsert(null);
  }, [focusAfterInsert, tab, mode]);

  if (templates.status === 'loading') return <Loading label="Loading templates..." />;
  if (templates.status === 'error' || !template || !draft) {
    return (
      <Alert severity="error" action={<Button onClick={templates.reload}>Retry</Button>}>
        Could not load email templates{templates.error ? `: ${templates.error}` : ''}
      </Alert>
    );
  }

  const setDraft = (next: Draft) => setDrafts((d) => ({ ...d, [template.id]: next }));
  const clearDraft = () =>
    setDrafts((d) => {
      const { [template.id]: _dropped, ...rest } = d;
      return rest;
    });

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
    setDraft({ ...draft, [field]: value.slice(0, start) + text + value.slice(end) });
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
    setBusy('save');
    setServerErrors({});
    try {
      const res = await api.put<{ success: boolean; template: EmailTemplateView }>(`/api/email-templates/${template.id}`, draft);
      templates.replace(res.template);
      clearDraft();
      toast({ title: 'Template Updated' });
    } catch (e) {
      if (e instanceof ApiError && e.fields) setServerErrors({ subject: e.fields.subject, html: e.fields.html });
      toast({ title: 'Update Failed', description: 'Failed to update email template.', severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('reset');
    try {
      const res = await api.post<{ success: boolean; template: EmailTemplateView }>(`/api/email-templates/${template.id}/reset`, {});
      templates.replace(res.template);
      clearDraft();
      setServerErrors({});
      toast({ title: 'Template Reset', description: `${template.name} is back to its default.` });
    } catch {
      toast({ title: 'Update Failed', description: 'Failed to update email template.', severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    const to = testEmail.trim();
    if (!to) return setTestError(EMAIL_FIELD_MESSAGES.testEmail);
    if (!looksLikeEmail(to)) return setTestError(EMAIL_MESSAGE);
    setTestError(null);
    setBusy('test');
    try {
      await api.post(`/api/email-templates/${template.id}/test`, { testEmail: to });
      toast({ title: 'Test Email Sent', description: `${template.name} was queued to ${to}.` });
    } catch (e) {
      if (e instanceof ApiError && e.fields?.testEmail) setTestError(e.fields.testEmail);
      toast({ title: 'Test Failed', description: 'Failed to send test email.', severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const picker = narrow ? (
    <TextField select label="Template" value={template.id} onChange={(e) => setSelectedId(e.target.value)} sx={{ mb: 2 }}>
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
            <ListItemButton selected={t.id === template.id} aria-current={t.id === template.id ? 'true' : undefined} onClick={() => setSelectedId(t.id)}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t.name}</span>
                    {t.customized && <Chip size="small" label="Customized" color="secondary" variant="outlined" />}
                    {drafts[t.id] && <Chip size="small" label="Unsaved" color="warning" variant="outlined" />}
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
        <Typography color="text.secondary">The emails the studio sends. Edit a template's subject and HTML; variables fill in per email.</Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' } }}>
        {picker}
        <Card component="section" aria-label={`Template ${template.name}`}>
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h2">
                  {template.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {template.description}
                  {template.customized && template.updatedAt ? ` · Customized ${new Date(template.updatedAt).toLocaleString('en-US')}` : ''}
                </Typography>
              </Box>
              {template.customized && <Chip label="Customized" color="secondary" size="small" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />}
            </Stack>

            <Tabs value={tab} onChange={(_e, v: TabKey) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Tab value="content" label="Content" id="template-tab-content" aria-controls="template-panel-content" />
              <Tab value="test" label="Test" id="template-tab-test" aria-controls="template-panel-test" />
              <Tab value="variables" label="Variables" id="template-tab-variables" aria-controls="template-panel-variables" />
            </Tabs>

            <TabPanel id="content" current={tab}>
              <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, v: 'edit' | 'preview' | null) => v && setMode(v)} aria-label="Edit or preview" sx={{ mb: 2 }}>
                <ToggleButton value="edit">Edit</ToggleButton>
                <ToggleButton value="preview">Preview</ToggleButton>
              </ToggleButtonGroup>

              {unknown.length > 0 && (
                <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                  Unknown placeholders: {unknown.map(token).join(', ')}. Use only this template's variables: {template.variables.map(token).join(', ')}.
                </Alert>
              )}

              <Box hidden={mode !== 'edit'}>
                <TextField
                  label="Subject"
                  value={draft.subject}
                  inputRef={subjectRef}
                  onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                  onFocus={() => (lastField.current = 'subject')}
                  error={!!serverErrors.subject}
                  helperText={serverErrors.subject ?? ' '}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1, alignItems: 'center' }} aria-label="Insert variable">
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
                  label="HTML"
                  value={draft.html}
                  inputRef={htmlRef}
                  onChange={(e) => setDraft({ ...draft, html: e.target.value })}
                  onFocus={() => (lastField.current = 'html')}
                  multiline
                  minRows={12}
                  maxRows={30}
                  error={!!serverErrors.html}
                  helperText={serverErrors.html ?? 'Scripts, iframes and event handlers are removed when you save.'}
                  slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } } }}
                />
              </Box>

              {mode === 'preview' && rendered && (
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
                <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy !== null || unknown.length > 0}>
                  {busy === 'save' ? 'Saving...' : 'Save'}
                </Button>
                <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={reset} disabled={busy !== null || (!template.customized && !dirty)}>
                  {busy === 'reset' ? 'Resetting...' : 'Reset'}
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
                Sends the saved version of {template.name}, filled with the newest lead's data (or sample data), through the email outbox.
              </Typography>
              {dirty && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  You have unsaved changes: save them first to test them.
                </Alert>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  label="Test email address"
                  type="email"
                  value={testEmail}
                  onChange={(e) => {
                    setTestEmail(e.target.value);
                    setTestError(null);
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && void sendTest()}
                  error={!!testError}
                  helperText={testError ?? ' '}
                />
                <Button variant="contained" startIcon={<SendIcon />} onClick={sendTest} disabled={busy !== null} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
                  {busy === 'test' ? 'Sending...' : 'Send Test'}
                </Button>
              </Stack>
            </TabPanel>

            <TabPanel id="variables" current={tab}>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                Insert puts the variable at the cursor in the subject or HTML editor. Values are escaped in the email, so they can never add markup.
              </Typography>
              <Stack>
                {template.variables.map((v) => (
                  <Paper key={v} variant="outlined" sx={{ mb: 1, px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                        {token(v)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        e.g. {preview.vars[v] ?? ''}
                      </Typography>
                    </Box>
                    <Button size="small" onClick={() => insertVariable(v)} aria-label={`Insert ${token(v)} at the cursor`}>
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
    </Box>
  );
}
