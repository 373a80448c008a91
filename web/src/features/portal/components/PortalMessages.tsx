/**
 * The portal's Messages section: the client's general thread and one per
 * project, each with its unread count, and the open thread's messages with a
 * box to write. The client has no Firestore access, so new replies come by
 * asking the portal API again: every PORTAL_MESSAGES_POLL_MS while the page is
 * visible, and at once when the window regains focus (docs/architecture.md
 * "The client portal"). Opening a thread marks it read.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  messageSentReply,
  portalThreadReply,
  portalThreadsReply,
  threadReadReply,
  type PortalThread,
  type PortalThreads,
} from '@studio/domain';
import { ApiError } from '../../../shared/lib/api';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';
import { portalRequest } from '../portalApi';
import { MessageForm } from '../../../shared/components/messages/MessageForm';
import { MessageList } from '../../../shared/components/messages/MessageList';

/** How often the open portal asks for new messages, in ms. */
export const PORTAL_MESSAGES_POLL_MS = 10_000;

export const MESSAGES_FAILED = 'Your messages could not be loaded. Check your connection and try again.';
export const SEND_MESSAGE_FAILED = 'The message could not be sent. Check your connection and try again.';

const threadPath = (id: string) => `/api/portal/threads/${encodeURIComponent(id)}`;

/** Calls `tick` every `ms` while the page is visible, and when the window regains focus or becomes visible. */
function usePolling(tick: () => void, ms: number) {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    const run = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const timer = window.setInterval(run, ms);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, [ms]);
}

/** The client's threads; `dates` shows each message's time on the studio's clock (the overview's zone). */
export function PortalMessages({ user, dates }: { user: User; dates: StudioDateFormat }) {
  const [threads, setThreads] = useState<PortalThreads | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [open, setOpen] = useState<PortalThread | null>(null);

  const loadThreads = useCallback(() => {
    portalRequest(user, 'GET', '/api/portal/threads', portalThreadsReply).then(
      (data) => {
        setThreads(data);
        setFailed(false);
      },
      (e: unknown) => {
        console.error('portal: the message threads could not be loaded', e);
        setFailed(true);
      },
    );
  }, [user]);

  // The open thread's id, for replies that arrive after another thread was opened.
  const openIdRef = useRef(openId);
  openIdRef.current = openId;

  const loadOpen = useCallback(
    async (id: string) => {
      try {
        const data = await portalRequest(user, 'GET', threadPath(id), portalThreadReply);
        if (openIdRef.current === id) setOpen(data);
        if (data.thread.unread > 0) {
          await portalRequest(user, 'POST', `${threadPath(id)}/read`, threadReadReply, {});
          loadThreads();
        }
      } catch (e) {
        console.error('portal: the thread could not be loaded', e);
      }
    },
    [user, loadThreads],
  );

  useEffect(loadThreads, [loadThreads]);
  useEffect(() => {
    if (openId) void loadOpen(openId);
  }, [openId, loadOpen]);
  usePolling(() => {
    loadThreads();
    if (openIdRef.current) void loadOpen(openIdRef.current);
  }, PORTAL_MESSAGES_POLL_MS);

  const send = async (text: string): Promise<string | null> => {
    if (!openId) return SEND_MESSAGE_FAILED;
    try {
      await portalRequest(user, 'POST', `${threadPath(openId)}/messages`, messageSentReply, { text });
      await loadOpen(openId);
      loadThreads();
      return null;
    } catch (e) {
      console.error('portal: the message could not be sent', e);
      return e instanceof ApiError && e.status < 500 ? e.serverMessage : SEND_MESSAGE_FAILED;
    }
  };

  if (failed && !threads)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={loadThreads}>
            Try again
          </Button>
        }
      >
        {MESSAGES_FAILED}
      </Alert>
    );
  if (!threads || threads.threads.length === 0) return null;
  const shown = open && open.thread.id === openId ? open : null;
  return (
    <Box component="section" aria-labelledby="portal-messages">
      <Typography id="portal-messages" variant="h5" component="h2" gutterBottom>
        Messages
        {threads.unread > 0 && (
          <Typography component="span" color="primary" sx={{ ml: 1, fontSize: '1rem' }} data-testid="portal-unread">
            ({threads.unread} unread)
          </Typography>
        )}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="list">
        {threads.threads.map((t) => (
          <Box role="listitem" key={t.id}>
            <Badge badgeContent={t.unread} color="primary" overlap="rectangular">
              <Button
                variant={t.id === openId ? 'contained' : 'outlined'}
                aria-pressed={t.id === openId}
                aria-label={`${t.title}${t.unread ? `, ${t.unread} unread` : ''}`}
                onClick={() => setOpenId(t.id)}
                sx={{ maxWidth: '100%', overflowWrap: 'anywhere', textTransform: 'none' }}
              >
                {t.title}
              </Button>
            </Badge>
          </Box>
        ))}
      </Stack>
      {openId && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
              {threads.threads.find((t) => t.id === openId)?.title}
            </Typography>
            {shown ? (
              <MessageList
                label="Messages"
                reader="client"
                names={{ client: 'You', owner: 'Studio' }}
                dates={dates}
                messages={shown.messages.map((m) => ({ ...m, at: m.at ? new Date(m.at) : null }))}
              />
            ) : (
              <Typography color="text.secondary">Loading...</Typography>
            )}
            <MessageForm label="Write a message" onSend={send} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
