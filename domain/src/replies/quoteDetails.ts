/** A lead's computed quote as the pages read it (spec §3 generatedQuoteDetails), and the project-plan reply that carries it. */
import { z } from 'zod';
import { moneyText } from '../clientReplies.js';
import { successReply } from './base.js';

/**
 * A lead's generatedQuoteDetails object (spec §3, domain GeneratedQuoteDetails):
 * money as 2-decimal strings, hours as a number. `breakdown` may be absent on
 * details stored before it existed.
 */
export const quoteDetailsReply = z.object({
  quoteAmount: moneyText,
  depositAmount: moneyText,
  finalAmount: moneyText,
  hourlyRate: moneyText,
  estimatedHours: z.number(),
  breakdown: z
    .object({
      baseCost: moneyText,
      adjustments: moneyText,
      totalCost: moneyText,
      depositAmount: moneyText,
      finalAmount: moneyText,
    })
    .optional(),
  /** Why the total differs from hours × rate, from the pricing that made it; absent on details stored before it existed. */
  adjustmentsNote: z.string().optional(),
});
export type QuoteDetailsReply = z.output<typeof quoteDetailsReply>;

/** POST /api/leads/{id}/project-plan → 201: the quote computed from the plan and its version. */
export const projectPlanAddedReply = successReply.extend({
  quoteDetails: quoteDetailsReply,
  quoteVersion: z.number().int().positive(),
});

/**
 * A lead's stored generatedQuoteDetails text, parsed with quoteDetailsReply;
 * null when absent, not JSON, or of another shape (the pages then show
 * "Quote details unavailable"). Throws nothing.
 */
export function parseQuoteDetails(text: string | null | undefined): QuoteDetailsReply | null {
  if (!text) return null;
  let details: unknown;
  try {
    details = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = quoteDetailsReply.safeParse(details);
  return parsed.success ? parsed.data : null;
}
