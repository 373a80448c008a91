import { Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  boardCardOf,
  countersignHoldError,
  countersignHoldMessage,
  deadReasonLine,
  encodeBoardCard,
  leadDocSchema,
  leadMoveRevokesQuoteLinks,
  toLeadDto,
  LEAD_MOVES,
  LEAD_TO_PROJECT,
  leadMoveError,
  proposalStatusChange,
  type LeadDto,
  type LeadMoveFacts,
  type LeadUpdate,
  type StoredLeadDoc,
} from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { readBoardWriteIn, readLeadAndBoardMetaIn, setBoardCardIn } from './leadBoardStore.js';
import { leadRef, updateLeadIn } from './leadStore.js';
import type { AdminActor, Clock } from '../useCase.js';
import type { MoveLeadDeps } from './moveFollowers.js';

/**
 * The lead's PUT: a board move and/or detail edits, checked in one transaction.
 * - status moves follow LEAD_MOVES (domain/leadStatus.ts) with the lead's
 *   facts (quote accepted, money received): Conflict with the reason and what
 *   to do instead otherwise;
 * - `expectedStatus` that no longer matches → Conflict (someone moved it first);
 * - a move out of Quoted or into Lost ends the quote offer
 *   (domain leadMoveRevokesQuoteLinks): the lead's open client links are
 *   marked revoked in the same transaction, and a later move back to Quoted
 *   or revival does not bring them back (the admin approves again);
 * - status Lost with a deadReason appends "Dead Reason: {reason} - {date}" to
 *   notes; reviving (Lost → New) clears deadReason;
 * - every status move is written to the activity history;
 * - the lead's project follows (LEAD_TO_PROJECT) where the project table allows;
 *   the project, the quote links and the succeeded payments are reached through
 *   `deps` (moveFollowers.ts);
 * - the lead's board card is written in the same transaction (setBoardCardIn,
 *   into the board's open changes document), so the other devices' boards
 *   show the move as soon as it commits.
 * `updatedAt` is the clock's time, so the card written with the lead carries it.
 * @returns the saved LeadDto. @throws NotFound "Lead not found"; Conflict as above; ZodError when the stored lead does not parse (a logged 500).
 */
export async function moveLead(
  deps: MoveLeadDeps,
  input: Partial<LeadUpdate> & { id: string },
  actor: AdminActor,
  clock: Clock,
): Promise<LeadDto> {
  return toLeadDto(input.id, await saveMove(deps, input, actor, clock));
}

/** moveLead's transaction with the board card; resolves to the lead as committed. */
async function saveMove(
  deps: MoveLeadDeps,
  input: Partial<LeadUpdate> & { id: string },
  actor: AdminActor,
  clock: Clock,
): Promise<StoredLeadDoc> {
  const { db } = deps;
  const { id, status, expectedStatus, deadReason, ...details } = input;
  const ref = leadRef(db, id);
  const now = clock();
  return db.runTransaction(async (tx) => {
    const { stored, metaSnap } = await readLeadAndBoardMetaIn(tx, db, id);
    if (!stored) throw notFound('Lead not found');
    // Where the card goes, read before the transaction's first write.
    const board = await readBoardWriteIn(tx, db, metaSnap);
    // Parsed: a stored lead that does not match fails the move with a logged 500.
    const lead = leadDocSchema.parse(stored);
    // The lead's project is read only for a move it follows (LEAD_TO_PROJECT): one read less for the others.
    const projectStatus = status ? LEAD_TO_PROJECT[status] : undefined;
    const project = projectStatus ? await deps.readProjectIn(db, tx, ref.id) : null;
    if (expectedStatus && expectedStatus !== lead.status)
      throw conflict(`Lead was moved to ${lead.status} in the meantime`);
    const update: Record<string, unknown> = { ...stripUndefined(details), updatedAt: Timestamp.fromDate(now) };
    if (status && status !== lead.status) {
      const refused = leadMoveError(
        lead.status,
        status,
        await moveFacts(deps, tx, ref.id, lead, LEAD_MOVES[lead.status][status] === 'unpaid'),
      );
      if (refused) throw conflict(refused);
      // A project held for the owner's countersignature holds its lead too: the lead's move would start the work
      // the hold keeps waiting (the project table would leave the project behind, out of step with its lead).
      if (projectStatus && countersignHoldError(projectStatus, project?.countersignPending))
        throw conflict(countersignHoldMessage(status));
      // A link is good only while its quote is the lead's open offer: once withdrawn, it stays dead.
      if (leadMoveRevokesQuoteLinks(lead.status, status)) {
        await deps.revokeQuoteLinksIn(db, tx, ref.id);
        // An unsigned proposal dies with its link; the card stops showing it.
        Object.assign(update, proposalStatusChange(lead.proposalStatus));
      }
      update.status = status;
      if (status === 'Lost' && deadReason) {
        update.deadReason = deadReason;
        update.notes = appendNoteLine(lead.notes, deadReasonLine(deadReason, now));
        recordActivity(db, tx, {
          leadId: ref.id,
          type: 'marked_dead',
          from: lead.status,
          to: status,
          detail: deadReason,
          by: actor.username,
        });
      } else if (lead.status === 'Lost') {
        update.deadReason = null;
        recordActivity(db, tx, { leadId: ref.id, type: 'revived', from: lead.status, to: status, by: actor.username });
      } else {
        recordActivity(db, tx, {
          leadId: ref.id,
          type: 'status_changed',
          from: lead.status,
          to: status,
          by: actor.username,
        });
      }
    } else if (status) {
      throw conflict(`Lead is already ${status}`);
    }
    updateLeadIn(tx, ref, update);
    if (projectStatus) project?.follow(projectStatus);
    // The lead as this commit leaves it (the update names whole fields only).
    const saved = leadDocSchema.parse({ ...stored, ...update });
    setBoardCardIn(tx, db, board, id, encodeBoardCard(boardCardOf(saved)));
    return saved;
  });
}

/**
 * What the move table reads from a lead: its quote flags, and whether money
 * was received for it (its deposit or final payment, or, only when
 * `checkPayments` and those say no, any succeeded payment naming the lead,
 * e.g. an invoice's).
 */
async function moveFacts(
  deps: MoveLeadDeps,
  tx: Transaction,
  leadId: string,
  lead: DocumentData,
  checkPayments: boolean,
): Promise<LeadMoveFacts> {
  let paymentReceived = [
    lead.stripeDepositPaymentId,
    lead.depositPaidAt,
    lead.stripeFinalPaymentId,
    lead.finalPaidAt,
  ].some((v) => v != null && v !== '');
  if (!paymentReceived && checkPayments) {
    paymentReceived = await deps.paymentReceivedIn(deps.db, tx, leadId);
  }
  return { quoteGenerated: lead.quoteGenerated === true, quoteAccepted: lead.quoteAccepted === true, paymentReceived };
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
