/** One demo project on the hosted-project page: title, Live chip, language, file count, last update, link, "Generate Quote". */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { isDeployed, type HostedProject } from '@studio/domain';
import { GridCard } from '../../../shared/components/CardGrid';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';

/** One project's card; `dates` writes its last update on the studio's clock (the page reads the zone once). */
export function HostedProjectCard({
  project,
  dates,
  onQuote,
}: {
  project: HostedProject;
  dates: StudioDateFormat;
  onQuote(p: HostedProject): void;
}) {
  const live = isDeployed(project.deployment);
  const updated = new Date(project.timeUpdated);
  return (
    <GridCard
      label={project.title}
      testId="hosted-project-card"
      title={project.title}
      badge={live && <Chip size="small" color="success" label="Live" aria-label="Live: deployed" />}
      actions={
        <Button
          variant="contained"
          size="small"
          startIcon={<RequestQuoteIcon />}
          onClick={() => onQuote(project)}
          fullWidth
        >
          Generate Quote
        </Button>
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" variant="outlined" label={project.lang} aria-label={`Language: ${project.lang}`} />
        <Typography variant="body2" color="text.secondary">
          {project.files.length} {project.files.length === 1 ? 'file' : 'files'}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {Number.isNaN(updated.getTime()) ? (
          'Updated: unknown'
        ) : (
          <>
            Updated <time dateTime={project.timeUpdated}>{dates.day(updated)}</time>
          </>
        )}
      </Typography>
      <Link
        href={project.url}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        aria-label={`View project ${project.title} on Replit (opens in a new tab)`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', mt: 'auto' }}
      >
        View Project <OpenInNewIcon fontSize="inherit" aria-hidden />
      </Link>
    </GridCard>
  );
}
