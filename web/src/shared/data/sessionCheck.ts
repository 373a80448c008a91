/**
 * What a live list does when Firestore refuses it (permission-denied): most
 * often the session ended (a logout on another device: firestore.rules then
 * refuse every read by the tokens it ended), which is not a page error but a
 * sign-out. The admin area registers how to tell (features/auth SessionWatch:
 * it asks the API, and signs this tab out when the session is over, which
 * takes the page to the login with "Not authenticated"); the hooks (./hooks)
 * show the refusal as an error only when the session is still good.
 */

/** Resolves true when the session has ended (and the sign-out is under way), false when it is still good. */
export type SessionCheck = () => Promise<boolean>;

let check: SessionCheck | null = null;
let pending: Promise<boolean> | null = null;

/** Registers how a refused read is checked; returns the unregister (for an effect's cleanup). */
export function setSessionCheck(fn: SessionCheck): () => void {
  check = fn;
  return () => {
    if (check === fn) check = null;
  };
}

/**
 * Whether the session behind a refused read has ended. One check at a time:
 * the listeners refused together share it. False without a registered check
 * or when the check itself fails (then the refusal shows as the error it is).
 */
export function sessionEnded(): Promise<boolean> {
  if (!check) return Promise.resolve(false);
  pending ??= check()
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** An error of a live read, as Firestore's SDK gives it. */
interface ReadError {
  code?: string;
}

/**
 * The error handler of a live read: `show(e)` at once for any error but a
 * refusal, and for a refusal only once the session is known to be good; a
 * refusal of an ended session is left to the sign-out.
 */
export function unlessSessionEnded<E extends ReadError>(show: (e: E) => void): (e: E) => void {
  return (e) => {
    if (e.code !== 'permission-denied') return show(e);
    void sessionEnded().then((ended) => {
      if (!ended) show(e);
    });
  };
}
