/**
 * Cart buyers are clients (spec §2 "Cart", "Clients page"): once a cart order
 * is paid, its buyer stands in the CRM as a lead, so the Client List and the
 * board (and its search) show them like anyone who wrote in. These are the
 * pure rules; functions features/billing/orderClient.ts (the `linkOrderClient`
 * trigger) and features/leads/cartClient.ts apply them, docs/statuses.md
 * "Cart buyers" explains the choice.
 *
 * - A paid order without a client yet needs one (orderNeedsClient): its
 *   buyer's address is looked up among the leads (lower case, as every lead
 *   and order stores it: schemas emailField); the newest lead with it is the
 *   client, else a lead is created (cartClientLead).
 * - The created lead is "Won" (paid in full: the Won bucket, docs/statuses.md)
 *   with `source: 'cart'`, the package as its subject and the buyer's project
 *   description as its message. It has no quote, so it is never asked for money
 *   (no payment request, no reminder: domain invoiceNumbers leadPaymentRequests
 *   needs a quote amount, reminders follow quote links, requests and invoices).
 */
import { DEFAULT_PROJECT_TYPE, type LEAD_SOURCES } from './constants.js';
import { newLeadRecord } from './leads.js';
import { PRICING_MODE_LABELS, type PricingMode } from './packages.js';

/** `source` of a lead made for a cart buyer (one of LEAD_SOURCES). */
export const CART_LEAD_SOURCE = 'cart' satisfies (typeof LEAD_SOURCES)[number];

/** The status a cart buyer's lead starts in: paid in full (docs/statuses.md, the Won bucket). */
export const CART_LEAD_STATUS = 'Won';

/** How a client's address is compared: trimmed, lower case (orders, leads and subscriptions store it so). */
export const clientEmailKey = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/** The order fields the rules read (domain orderDocSchema's). */
export interface CartOrderForClient {
  status: string;
  packageName: string;
  pricingMode: PricingMode;
  clientInfo: { name: string; email: string; phone: string | null; projectDescription?: string | null };
  /** The lead standing for the buyer, once linked (functions features/billing/orderClient.ts). */
  clientLeadId?: string | null;
}

/**
 * True when `order` is paid, has an address (an erased order's is "") and no
 * client lead linked yet: the trigger then links one (found or created).
 */
export function orderNeedsClient(order: CartOrderForClient): boolean {
  return order.status === 'paid' && !order.clientLeadId && clientEmailKey(order.clientInfo.email) !== '';
}

/** The subject of a cart buyer's lead: what they bought, e.g. "Plus 2hr Maintenance (Monthly)". */
export function cartOrderSubject(order: Pick<CartOrderForClient, 'packageName' | 'pricingMode'>): string {
  return `${order.packageName} (${PRICING_MODE_LABELS[order.pricingMode] ?? order.pricingMode})`;
}

/**
 * The fields of the lead made for a paid order's buyer, before timestamps:
 * a new lead's defaults (newLeadRecord) with the buyer's name, address (lower
 * case) and phone, the package as subject, the project description as message,
 * status Won and source "cart".
 */
export function cartClientLead(order: CartOrderForClient) {
  return {
    ...newLeadRecord({
      name: order.clientInfo.name.trim() || clientEmailKey(order.clientInfo.email),
      email: clientEmailKey(order.clientInfo.email),
      phone: order.clientInfo.phone ?? undefined,
      projectType: DEFAULT_PROJECT_TYPE,
      subject: cartOrderSubject(order),
      message: order.clientInfo.projectDescription ?? '',
    }),
    status: CART_LEAD_STATUS,
    source: CART_LEAD_SOURCE,
  } as const;
}
