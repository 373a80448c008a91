/**
 * The lead details' Files: deliverables the owner shares with the client.
 * Upload (PDF, PNG, JPEG, WebP, GIF, ZIP or text, up to LEAD_FILE_MAX_BYTES;
 * checked here first and again by the server), download (a signed link that
 * expires), a per-file "Visible to client" switch and Remove. Every action is
 * written in the lead's history by the server. Routes: /api/leads/{id}/files.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  formatFileSize,
  LEAD_FILE_MAX_BYTES,
  LEAD_FILE_TYPE_NAMES,
  leadFileReply,
  successReply,
  type LeadFile,
  type LeadFileType,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { invalidateAdminQueries, setAdminQueryData, useAdminQuery } from '../../../shared/data/adminQuery';
import { leadFileQueries, leadFilesPath } from '../queries';
import { useStudioDateFormat } from '../../settings';

const TYPES: readonly string[] = LEAD_FILE_TYPE_NAMES;

/** The file's bytes as base64 (no data: prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The lead's files; `onChanged` is called after each upload, visibility change or removal (a history entry). */
export function LeadFiles({ leadId, onChanged }: { leadId: string; onChanged?: () => void }) {
  const toast = useToast();
  const dates = useStudioDateFormat();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const base = leadFilesPath(leadId);
  const query = leadFileQueries.list(leadId);
  // Another lead's files are never shown (their key differs): they show as still loading.
  const files = useAdminQuery(query);
  const load = () => void invalidateAdminQueries(query.queryKey);

  const fail = (e: unknown, fallback: string) =>
    toast({ title: 'Error', description: errorMessage(e, fallback), severity: 'error' });

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type)) return fail(null, FILE_TYPE_REFUSED);
    if (file.size > LEAD_FILE_MAX_BYTES) return fail(null, FILE_TOO_LARGE);
    setBusy(true);
    try {
      const body = {
        name: file.name,
        contentType: file.type as LeadFileType,
        dataBase64: await base64Of(file),
        visibleToClient: false,
      };
      await api.post(base, body, leadFileReply);
      toast({ title: 'File uploaded', description: file.name, severity: 'success' });
      load();
      onChanged?.();
    } catch (err) {
      fail(err, 'The file could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };

  // Shown at once; the server's answer (or, on failure, a fresh list) follows.
  const setVisible = async (f: LeadFile, visibleToClient: boolean) => {
    const patch = (file: LeadFile) =>
      setAdminQueryData(query.queryKey, (items) => items?.map((x) => (x.id === file.id ? file : x)));
    patch({ ...f, visibleToClient });
    try {
      patch((await api.put(`${base}/${encodeURIComponent(f.id)}`, { visibleToClient }, leadFileReply)).file);
      onChanged?.();
    } catch (err) {
      fail(err, 'The file could not be changed.');
      load();
    }
  };

  const remove = async (f: LeadFile) => {
    try {
      await api.delete(`${base}/${encodeURIComponent(f.id)}`, successReply);
      toast({ title: 'File removed', description: f.name, severity: 'success' });
      load();
      onChanged?.();
    } catch (err) {
      fail(err, 'The file could not be removed.');
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          Files
        </Typography>
        <Button size="small" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
          {busy ? 'Uploading...' : 'Upload file'}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={TYPES.join(',')}
          aria-label="File to upload"
          data-testid="lead-file-input"
          onChange={(e) => void upload(e)}
        />
      </Stack>
      {files.isPending ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : files.isError ? (
        <Typography color="error">The files could not be loaded.</Typography>
      ) : files.data.length === 0 ? (
        <Typography color="text.secondary">No files yet.</Typography>
      ) : (
        <List dense aria-label="Files">
          {files.data.map((f) => (
            <ListItem key={f.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="lead-file">
              <ListItemText
                primary={f.name}
                secondary={`${formatFileSize(f.sizeBytes)}${f.uploadedAt ? ` · ${dates.dayTime(f.uploadedAt)}` : ''}`}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={f.visibleToClient}
                    onChange={(e) => void setVisible(f, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Visible to client: ${f.name}` } }}
                  />
                }
                label="Visible to client"
              />
              <Button size="small" href={f.downloadPath} download={f.name} aria-label={`Download ${f.name}`}>
                Download
              </Button>
              <Button size="small" color="error" onClick={() => void remove(f)} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
