/**
 * A project on the board: title clipped to 2 lines, client, priority, and the
 * launch countdown. The card is the drag handle (Tab to it, space to lift)
 * and opens on Enter or a click; it is a focusable `group` named by
 * projectCardLabel (its visible text plus the status), like the lead cards.
 */
import { memo } from 'react';
import { Draggable } from '@hello-pangea/dnd';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { formatCountdown } from '@studio/domain';
import type { ProjectView } from '../../../shared/data/hooks';

const PRIORITY_COLOR = { High: 'error', Medium: 'warning', Low: 'default' } as const;

/** The card's accessible name, e.g. "Weiss Dental website, Production. Hannah Weiss. Priority Medium. Maintenance paid". */
export function projectCardLabel(project: ProjectView, countdown: string | null): string {
  const extra = [countdown, project.maintenanceSubscriptionPaid ? 'Maintenance paid' : null]
    .filter(Boolean)
    .map((t) => `. ${t}`)
    .join('');
  return `${project.name}, ${project.status}. ${project.client}. Priority ${project.priority}${extra}`;
}

export const ProjectCard = memo(function ProjectCard({
  project,
  index,
  now,
  onOpen,
}: {
  project: ProjectView;
  index: number;
  now: Date;
  onOpen(p: ProjectView): void;
}) {
  const countdown =
    project.status === 'Launch' && project.launchDate instanceof Date
      ? `${formatCountdown(project.launchDate, now)} left`
      : null;
  return (
    <Draggable draggableId={project.id} index={index}>
      {(provided, snapshot) => (
        <Card
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          role="group"
          data-testid="project-card"
          aria-label={projectCardLabel(project, countdown)}
          onClick={() => onOpen(project)}
          onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && onOpen(project)}
          sx={{
            mb: 1,
            p: 1.5,
            cursor: 'grab',
            boxShadow: snapshot.isDragging ? 6 : 0,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <Typography
            fontWeight={700}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
            title={project.name}
          >
            {project.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={project.client}>
            {project.client}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip
              size="small"
              color={PRIORITY_COLOR[project.priority] ?? 'default'}
              variant="outlined"
              label={project.priority}
            />
            {countdown && (
              <Chip size="small" color="primary" icon={<TimerIcon />} label={countdown} data-testid="countdown" />
            )}
            {project.maintenanceSubscriptionPaid && (
              <Chip size="small" color="success" variant="outlined" label="Maintenance paid" />
            )}
          </Stack>
        </Card>
      )}
    </Draggable>
  );
});
