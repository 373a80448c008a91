/** Small payment helpers shared by the payment form and the pages around it (no UI). */
import { formatUsd, parseAmountToCents } from '@studio/domain';

/** An API amount for display: "1500.00" → "$1,500.00" (the text as is if it is not an amount). */
export function formatAmount(amount: string): string {
  const cents = parseAmountToCents(amount);
  return cents === null ? amount : formatUsd(cents);
}

/** A random id for POST /api/create-payment-intent's checkoutId (8–64 of [A-Za-z0-9_-]): a retried request is the same payment. */
export function newCheckoutId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
