/**
 * The portal's Files section: the files the studio shows the signed-in client
 * (GET /api/portal/files). A download asks for a fresh signed link first
 * (GET /api/portal/files/{id}; links expire) and then opens it. Loading,
 * empty and error-with-retry states.
 */
import { useCallback, useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { formatFileSize, leadFileReply, leadFilesReply, type LeadFile } from '@studio/domain';
import { portalGet } from '../portalDocumentsApi';

export const FILES_FAILED = 'Your files could not be loaded. Check your connection and try again.';
export const FILE_DOWNLOAD_FAILED = 'The download failed. Please try again.';

export function PortalFiles({ user }: { user: User }) {
  const [state, setState] = useState<{ files: LeadFile[] | null; error: boolean }>({ files: null, error: false });
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setState({ files: null, error: false });
    portalGet(user, '/api/portal/files', leadFilesReply).then(
      (r) => setState({ files: r.files, error: false }),
      (e: unknown) => {
        console.error('portal: the files could not be loaded', e);
        setState({ files: null, error: true });
      },
    );
  }, [user]);
  useEffect(load, [load]);

  const download = async (f: LeadFile) => {
    setFailed(false);
    try {
      const { file } = await portalGet(user, `/api/portal/files/${encodeURIComponent(f.id)}`, leadFileReply);
      window.location.assign(file.downloadPath);
    } catch (e) {
      console.error('portal: a file could not be downloaded', e);
      setFailed(true);
    }
  };

  const { files, error } = state;
  return (
    <Box component="section" aria-labelledby="portal-files">
      <Typography id="portal-files" variant="h5" component="h2" gutterBottom>
        Files
      </Typography>
      {failed && (
        <Alert severity="error" onClose={() => setFailed(false)} sx={{ mb: 2 }}>
          {FILE_DOWNLOAD_FAILED}
        </Alert>
      )}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              Try again
            </Button>
          }
        >
          {FILES_FAILED}
        </Alert>
      ) : !files ? (
        <Typography role="status" color="text.secondary">
          Loading your files...
        </Typography>
      ) : files.length === 0 ? (
        <Typography color="text.secondary">No files yet. Files the studio shares with you appear here.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {files.map((f) => (
            <Card component="li" key={f.id} data-testid="portal-file" variant="outlined">
              <CardContent
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: 1,
                  alignItems: { sm: 'center' },
                  justifyContent: 'space-between',
                  '&:last-child': { pb: 2 },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{f.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatFileSize(f.sizeBytes)}
                  </Typography>
                </Box>
                <Button
                  startIcon={<DownloadIcon />}
                  onClick={() => void download(f)}
                  aria-label={`Download ${f.name}`}
                  sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  Download
                </Button>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
