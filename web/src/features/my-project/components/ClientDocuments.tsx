/**
 * The client's invoice and receipt PDFs on My Project: the signed, one-hour
 * links the lookup returns (`documents`, GET /api/client-project). Each link
 * works only with its signature, which only a lookup of this client's email
 * hands out; after an hour the server asks the client to open My Project again.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ClientDocumentLinkReply, ClientProjectLookupReply, ClientWorkReply } from '@studio/domain';

/** One signed PDF link; the lookup's reply schema admits only URLs of ours (/api/client-documents/…). */
export type ClientDocumentLink = ClientDocumentLinkReply;

/**
 * The PDF links of what My Project shows: the lookup's own (its primary
 * lead's) when showing the lookup, none for a work picked among several.
 */
export function documentsOf(shown: ClientWorkReply | ClientProjectLookupReply): ClientDocumentLink[] {
  return 'documents' in shown ? shown.documents : [];
}

export function ClientDocuments({ documents }: { documents: ClientDocumentLink[] }) {
  if (documents.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="panel-invoices-and-receipts">
      <CardContent>
        <Typography id="panel-invoices-and-receipts" variant="h6" component="h2" gutterBottom>
          Invoices and receipts
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {documents.map((d) => (
            <Stack
              key={d.url}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {d.label}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                startIcon={<DownloadIcon />}
                href={d.url}
                download
                aria-label={`Download ${d.label}`}
                sx={{ flexShrink: 0 }}
              >
                PDF
              </Button>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
