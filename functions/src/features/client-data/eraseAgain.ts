/**
 * After a restore from a backup or an export (docs/operations.md "Restoring"), the clients erased since that
 * snapshot are back in the database. `client_data_requests` keeps each erasure's address only as its SHA-256,
 * so this reads every client address still stored, and erases again (eraseClient, the same erasure as the CRM's)
 * each one whose hash an erasure record names. Run it once the erasure records made since the snapshot are
 * back in `client_data_requests` (the runbook carries that collection over). Running it twice erases nothing
 * the second time.
 */
import type { ClientErasedReply } from '@studio/domain';
import type { AdminActor, Clock, Deps } from '../useCase.js';
import { eraseClient, sha256 as addressSha256 } from './clientData.js';
import { erasedAddressHashes } from './clientRecordStore.js';
import { storedAddresses } from './erasureRecordStore.js';

/** One address erased again, or why it could not be (the erasure's own error message: 409, 502). */
export type ErasedAgain = { email: string; erased: ClientErasedReply } | { email: string; error: string };

/**
 * Erases again every stored address that a recorded erasure names (see the module comment), one after the
 * other; an address that fails (an active subscription, Stripe refusing) is reported and the others go on.
 * @returns one entry per address found, in the order erased
 */
export async function eraseAgain(deps: Deps, actor: AdminActor, clock: Clock): Promise<ErasedAgain[]> {
  const erased = await erasedAddressHashes(deps.db);
  if (erased.size === 0) return [];
  // Several spellings of one address (letter case) hash alike: erase each address once.
  const byHash = new Map<string, string>();
  for (const email of await storedAddresses(deps.db)) {
    const hash = addressSha256(email);
    if (erased.has(hash) && !byHash.has(hash)) byHash.set(hash, email);
  }
  const out: ErasedAgain[] = [];
  for (const email of byHash.values()) {
    try {
      out.push({ email, erased: await eraseClient(deps, email, actor, clock) });
    } catch (e) {
      out.push({ email, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}
