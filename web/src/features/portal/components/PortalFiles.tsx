/**
 * The portal's Files section: the files the studio shows the signed-in client
 * (GET /api/portal/files). A download asks for a fresh signed link first
 * (GET /api/portal/files/{id}; links expire) and then opens it. Loading,
 * empty and error-with-retry states.
 */
import { useState } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { formatFileSize, leadFileReply, leadFilesReply, type LeadFile } from '@studio/domain';
import { portalGet } from '../portalApi';
import { PortalListSection, rowSx, usePortalList } from './PortalListSection';

export const FILES_FAILED = 'Your files could not be loaded. Check your connection and try again.';
export const FILE_DOWNLOAD_FAILED = 'The download failed. Please try again.';

const fetchFiles = async (user: User) => (await portalGet(user, '/api/portal/files', leadFilesReply)).files;

export function PortalFiles({ user }: { user: User }) {
  const [state, reload] = usePortalList(user, fetchFiles, 'the files');
  const [failed, setFailed] = useState(false);

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

  return (
    <PortalListSection
      id="portal-files"
      title="Files"
      state={state}
      onRetry={reload}
      failedText={FILES_FAILED}
      loadingText="Loading your files..."
      emptyText="No files yet. Files the studio shares with you appear here."
      notice={
        failed && (
          <Alert severity="error" onClose={() => setFailed(false)} sx={{ mb: 2 }}>
            {FILE_DOWNLOAD_FAILED}
          </Alert>
        )
      }
    >
      {(files) =>
        files.map((f) => (
          <Card component="li" key={f.id} data-testid="portal-file" variant="outlined">
            <CardContent sx={rowSx}>
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
        ))
      }
    </PortalListSection>
  );
}
