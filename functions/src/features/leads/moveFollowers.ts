/**
 * What a lead's board move carries to the slices built on leads: the lead's project follows the move
 * (features/projects), a move that withdraws the quote revokes its open links (features/quotes), and a move
 * that needs money received asks billing for a succeeded payment. Those slices read and write leads, so this one imports neither: the composition root (app.ts) passes their sides in.
 * Both are called inside the move's transaction, in its order: every read before the first write.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { ProjectStatus } from '@studio/domain';
import type { Deps } from '../useCase.js';

/** The lead's project as a move sees it. */
export interface MovedProject {
  /** The signed proposal the project waits on for the owner's countersignature, or null (countersignHoldError). */
  countersignPending: string | null;
  /** Writes the project's move to `to` into the move's transaction, where the project table allows it. */
  follow: (to: ProjectStatus) => void;
}

/** The other slices' side of a lead's move. */
export interface LeadMoveFollowers {
  /** Reads in `tx` the project of lead `leadId` (a read: call before any write); null when it has none. */
  readProjectIn: (db: Firestore, tx: Transaction, leadId: string) => Promise<MovedProject | null>;
  /** Reads the open quote links of lead `leadId` in `tx` and marks them revoked in it. */
  revokeQuoteLinksIn: (db: Firestore, tx: Transaction, leadId: string) => Promise<void>;
  /** Whether a succeeded payment names lead `leadId`, read in `tx` (a read: call before any write). */
  paymentReceivedIn: (db: Firestore, tx: Transaction, leadId: string) => Promise<boolean>;
}

/** moveLead's deps: the stores, and the other slices' side of the move. */
export type MoveLeadDeps = Deps & LeadMoveFollowers;
