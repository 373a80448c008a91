/**
 * What a quote needs of the contract it may carry (features/proposals): an approval with a contract template
 * freezes a proposal for the new link, and a link with a proposal is accepted by signing it, not by the accept
 * call. Proposals build on quotes (signing one accepts its quote), so this slice imports none of them: the
 * composition root (app.ts) passes the proposals slice's `quoteContracts` in.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { StoredLeadDoc } from '@studio/domain';
import type { Deps } from '../useCase.js';

/** The proposals slice's side of a quote. */
export interface QuoteContracts {
  /**
   * Reads in `tx`, before any write, what a proposal for `lead` with contract template `templateId` needs, and
   * returns its writer: it freezes the proposal for quote link `linkId` and returns the proposal's id.
   * @throws Invalid "Unknown contract template" when `templateId` names none.
   */
  prepareProposal: (
    db: Firestore,
    tx: Transaction,
    input: { leadId: string; lead: StoredLeadDoc; templateId: string; now: Date },
  ) => Promise<(linkId: string, by: string) => string>;
  /** The proposal of quote link `linkId`, read in `tx`; null when the quote was approved without a contract. */
  proposalOfLink: (db: Firestore, tx: Transaction, linkId: string) => Promise<{ id: string } | null>;
}

/** The deps of the quote use cases that meet a contract: the stores, and the proposals slice's side. */
export interface QuoteDeps extends Deps {
  contracts: QuoteContracts;
}
