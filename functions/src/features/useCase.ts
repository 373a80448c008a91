/**
 * What every use case receives besides its input: `(deps, input, actor, clock)`.
 * Routers build them from the request; tests build their own (a fixed clock,
 * the emulator's Firestore).
 */
import type { Firestore } from 'firebase-admin/firestore';

/** The stores a use case works on. */
export interface Deps {
  db: Firestore;
}

/** The signed-in admin acting (requireAdmin's claims). */
export interface AdminActor {
  uid: string;
  username: string;
}

/** A visitor without a session, as far as the audit trail records them. */
export interface ClientActor {
  ip: string;
  /** The browser's user agent, or null when it sent none. */
  userAgent: string | null;
}

/** The time source; `() => new Date()` outside tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
