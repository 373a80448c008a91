/**
 * A message's text as plain text (line breaks kept): React escapes it, and
 * only the studio's own addresses (this site's origin) become links
 * (domain messageSegments); any other address stays text.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messageSegments } from '@studio/domain';

export function MessageText({ text }: { text: string }) {
  return (
    <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
      {messageSegments(text, window.location.origin).map((s, i) =>
        s.href ? (
          <Link key={i} href={s.href}>
            {s.text}
          </Link>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </Typography>
  );
}
