/**
 * The lead details' Messages: the threads of the lead's client (by address),
 * read live from Firestore (one listener for the threads, one for the open
 * thread's messages: shared/data/hooks), with the owner's unread counts; the
 * owner's reply goes through POST /api/leads/{id}/messages. Opening a thread
 * with unread messages marks it read (POST .../messages/read), which clears
 * the count on the lead's board card. Before the client has written, the
 * owner can start the general thread ("general") or the thread of any of the
 * lead's projects (not canceled). `onChanged` is called when a message
 * arrives or leaves, on either side (the lead's history has a new entry).
 */
import { useEffect, useRef, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GENERAL_THREAD_ALIAS, messageSentReply, projectThreadId, threadReadReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useLiveLeadProjects } from '../../../shared/data/hooks';
import { useLiveMessageThreads, useLiveThreadMessages } from '../../../shared/data/messageHooks';
import { useToast } from '../../../shared/components/Toast';
import { MessageForm } from '../../../shared/components/messages/MessageForm';
import { MessageList } from '../../../shared/components/messages/MessageList';
import { useStudioDateFormat } from '../../settings';

export function LeadMessages({ leadId, email, onChanged }: { leadId: string; email: string; onChanged?: () => void }) {
  const toast = useToast();
  const dates = useStudioDateFormat();
  const threads = useLiveMessageThreads(email.trim().toLowerCase() || null);
  const projects = useLiveLeadProjects(leadId);
  const [chosen, setChosen] = useState<string | null>(null);
  const stored = threads.data;
  const hasGeneral = stored.some((t) => t.kind === 'general');
  // The chosen thread, else the newest one the owner has not read, else the one with the newest message, else the
  // general thread (to start it).
  const openId = chosen ?? (stored.find((t) => t.unreadByOwner > 0) ?? stored[0])?.id ?? GENERAL_THREAD_ALIAS;
  const open = stored.find((t) => t.id === openId) ?? null;
  const messages = useLiveThreadMessages(open ? open.id : null);
  const base = `/api/leads/${encodeURIComponent(leadId)}/messages`;

  // The newest message's time: a change after the first read is a new message.
  const newest = stored[0]?.lastMessageAt?.getTime() ?? null;
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (threads.status !== 'success') return;
    if (seen.current !== undefined && seen.current !== newest) onChanged?.();
    seen.current = newest;
  }, [threads.status, newest, onChanged]);

  const openStored = open?.id ?? null;
  const unread = open?.unreadByOwner ?? 0;
  useEffect(() => {
    if (!openStored || unread === 0) return;
    // Kept open once read: otherwise the default would move on to another thread as this one's count clears.
    setChosen(openStored);
    api.post(`${base}/read`, { threadId: openStored }, threadReadReply).catch((e: unknown) => {
      console.error('messages: the thread could not be marked read', e);
    });
  }, [base, openStored, unread]);

  const send = async (text: string): Promise<string | null> => {
    try {
      const sent = await api.post(base, { threadId: openId, text }, messageSentReply);
      setChosen(sent.threadId);
      return null;
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'The message could not be sent.'), severity: 'error' });
      return errorMessage(e, 'The message could not be sent.');
    }
  };

  if (threads.status === 'loading') return <Typography color="text.secondary">Loading...</Typography>;
  if (threads.status === 'error') return <Typography color="error">The messages could not be loaded.</Typography>;
  const storedIds = new Set(stored.map((t) => t.id));
  // Threads not written yet, which the owner may start: the general one, and one per project of this lead.
  const unstarted = [
    ...(hasGeneral ? [] : [{ id: GENERAL_THREAD_ALIAS, title: 'General', unread: 0 }]),
    ...projects.data
      .filter((p) => p.status !== 'Canceled' && !storedIds.has(projectThreadId(p.id)))
      .map((p) => ({ id: projectThreadId(p.id), title: p.name || 'Your project', unread: 0 })),
  ];
  const choices = [...stored.map((t) => ({ id: t.id, title: t.title, unread: t.unreadByOwner })), ...unstarted];
  return (
    <Box data-testid="lead-messages">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} role="list">
        {choices.map((t) => (
          <Box role="listitem" key={t.id}>
            <Badge badgeContent={t.unread} color="error">
              <Button
                size="small"
                variant={t.id === openId ? 'contained' : 'outlined'}
                aria-pressed={t.id === openId}
                aria-label={`${t.title}${t.unread ? `, ${t.unread} unread` : ''}`}
                onClick={() => setChosen(t.id)}
                sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
              >
                {t.title}
              </Button>
            </Badge>
          </Box>
        ))}
      </Stack>
      {open && messages.status === 'loading' ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : (
        <MessageList
          label="Messages"
          reader="owner"
          names={{ client: 'Client', owner: 'Studio' }}
          dates={dates}
          messages={open ? messages.data : []}
        />
      )}
      <MessageForm label="Reply to the client" onSend={send} />
    </Box>
  );
}
