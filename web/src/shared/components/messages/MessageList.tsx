/**
 * The messages of one thread, oldest first, as both sides see them: who
 * wrote (the reader's own messages labelled "You"), when, and the text
 * (MessageText). A labelled list, so a screen reader announces each message.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageAuthor } from '@studio/domain';
import type { StudioDateFormat } from '../../lib/studioDates';
import { MessageText } from './MessageText';

export interface ShownMessage {
  id: string;
  from: MessageAuthor;
  text: string;
  /** When it was written, or null (not known). */
  at: Date | null;
}

/**
 * `reader`'s view of `messages`; `names` labels each side ("You" for the reader's own); `dates` writes each
 * message's time on the studio's clock ("Dec 2, 3:27 AM"), the same for both sides whatever their browser's zone.
 */
export function MessageList({
  messages,
  reader,
  names,
  label,
  dates,
}: {
  messages: ShownMessage[];
  reader: MessageAuthor;
  names: Record<MessageAuthor, string>;
  label: string;
  dates: StudioDateFormat;
}) {
  if (messages.length === 0) return <Typography color="text.secondary">No messages yet.</Typography>;
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {messages.map((m) => {
        const own = m.from === reader;
        return (
          <Box
            component="li"
            key={m.id}
            data-testid="message"
            data-from={m.from}
            sx={{
              alignSelf: own ? 'flex-end' : 'flex-start',
              maxWidth: '85%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: own ? 'action.selected' : 'background.default',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
              {own ? 'You' : names[m.from]}
              {m.at ? ` · ${dates.shortDayTime(m.at)}` : ''}
            </Typography>
            <MessageText text={m.text} />
          </Box>
        );
      })}
    </Box>
  );
}
