/**
 * The Stripe side of erasing a client: every Stripe Customer of the address
 * is deleted (Stripe then drops its name, email, phone and saved cards; its
 * charges and invoices stay in Stripe's books, as ours do).
 *
 * Which customers: the ids stored on the client's leads, and every customer
 * Stripe lists for the address (trimmed, lowercased, as customerForEmail
 * stores it), so a customer made by a cart checkout is found too. A customer
 * Stripe no longer has (a retry after a partial erasure) counts as deleted.
 *
 * Test mode (the emulators' in-house provider) has no Stripe Customers:
 * nothing to delete, and an empty list back.
 */
import * as logger from 'firebase-functions/logger';
import { CLIENT_STRIPE_ERASE_FAILED } from '@studio/domain';
import { config, type Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { stripeClient } from '../../platform/stripe.js';

/** Stripe's answer for an id it does not have. */
const missing = (e: unknown) => (e as { code?: string } | null)?.code === 'resource_missing';

/**
 * Deletes the client's Stripe Customers (see the module comment).
 * @param storedIds customer ids stored on the client's documents (clientRecords stripeCustomerIds)
 * @returns the ids deleted (or already gone), sorted; [] in test mode, or with no payments set up and none stored
 * @throws AppError Upstream (502) CLIENT_STRIPE_ERASE_FAILED when Stripe refuses or cannot be reached;
 *   NotConfigured (503) when customers are stored but payments are not configured
 */
export async function deleteStripeCustomers(
  email: string,
  storedIds: readonly string[],
  cfg: Config = config(),
): Promise<string[]> {
  if (cfg.payments.mode === 'test') return [];
  if (cfg.payments.mode === 'unconfigured' && storedIds.length === 0) return [];
  const stripe = await stripeClient(cfg);
  if (!stripe) return [];
  try {
    const listed = await stripe.customers.list({ email: email.trim().toLowerCase(), limit: 100 });
    const ids = [...new Set([...storedIds, ...listed.data.map((c) => c.id)])].sort();
    for (const id of ids) {
      try {
        await stripe.customers.del(id);
      } catch (e) {
        if (!missing(e)) throw e;
      }
    }
    return ids;
  } catch (e) {
    logger.error('client-data: Stripe refused to delete a customer; nothing was erased', {
      error: e instanceof Error ? e.message : String(e),
    });
    throw new AppError('Upstream', CLIENT_STRIPE_ERASE_FAILED);
  }
}
