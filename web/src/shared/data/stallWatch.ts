/**
 * A guard for live lists whose first snapshot never comes (./hooks.ts).
 *
 * The web SDK reports itself online once the Listen stream's handshake is
 * answered. If the stream then delivers nothing (seen once on the emulators
 * under load, cause unknown; a proxy that buffers the streaming response does
 * the same), nothing is logged, and a list that waits for a confirmed
 * snapshot (./confirmed.ts) keeps loading until the WebChannel's own watchdog
 * (about 45 s). So when a listener has shown nothing after LISTEN_STALL_MS
 * while the browser is online, Firestore's network is restarted
 * (disableNetwork, then enableNetwork), which opens a new Listen stream and
 * sends every target again. Offline, waiting is right: the list is waiting
 * for the server. At most one restart per Firestore instance within
 * LISTEN_RESTART_GAP_MS, however many lists are waiting.
 */
import { disableNetwork, enableNetwork, type Firestore } from 'firebase/firestore';

/** How long a live list may show nothing while online before the Listen stream is restarted (ms). */
export const LISTEN_STALL_MS = 8_000;
/** The least time between two restarts of one Firestore instance's network (ms). */
export const LISTEN_RESTART_GAP_MS = 30_000;

/** Restarts `firestore`'s streams: every listener's target is sent again on a new stream. */
async function restartNetwork(firestore: Firestore): Promise<void> {
  await disableNetwork(firestore);
  await enableNetwork(firestore);
}

/** When each Firestore instance's network was last restarted (ms since epoch). */
const lastRestart = new WeakMap<Firestore, number>();

export interface StallWatchOptions {
  /** Whether the browser is online (default: navigator.onLine). */
  online?: () => boolean;
  /** The restart (default: disableNetwork then enableNetwork). */
  restart?: (firestore: Firestore) => Promise<void>;
}

/**
 * Starts the guard for one listener of `firestore`; call the returned
 * function once the listener has shown a snapshot, failed or stopped.
 */
export function watchFirstSnapshot(
  firestore: Firestore,
  { online = () => navigator.onLine, restart = restartNetwork }: StallWatchOptions = {},
): () => void {
  const timer = setTimeout(() => {
    const now = Date.now();
    if (!online() || now - (lastRestart.get(firestore) ?? -Infinity) < LISTEN_RESTART_GAP_MS) return;
    lastRestart.set(firestore, now);
    console.warn(
      `Firestore: a live list showed nothing in ${LISTEN_STALL_MS / 1000} s while online; restarting its stream`,
    );
    restart(firestore).catch((err: unknown) => console.error('Firestore: the stream restart failed', err));
  }, LISTEN_STALL_MS);
  return () => clearTimeout(timer);
}
