/**
 * Project plans and quote review (spec §4 "Add Project Plan", "Quote review",
 * "Quote acceptance"; §5 "Project plan", "Edit quote"; §9 created-project defaults).
 */
import { z } from 'zod';
import {
  COMPLEXITIES,
  SERVICE_PLAN_TYPES,
  type Complexity,
  type Priority,
  type ProjectType,
  type ServicePlanType,
} from './constants.js';
import { estimatedHoursField, optionalText } from './schemas.js';
import { formatUsd, parseAmountToCents } from './money.js';
import { firestoreId } from './ids.js';
import { computeQuote, DEPOSIT_PERCENT, SERVICE_PLAN_MONTHLY_CENTS, type Quote } from './pricing.js';

/** Quote links expire after this many days (spec §9 "quote expiry wording 30 days"). */
export const QUOTE_LINK_TTL_DAYS = 30;

const PLAN_TEXT_MAX = 4_000;

/** Add Project Plan body (spec §5): timeline ≥ 5 chars, requirements ≥ 10; defaults as the spec gives. */
export const projectPlanSchema = z
  .strictObject({
    complexity: z.enum(COMPLEXITIES, { error: 'Complexity must be Low, Medium or High' }).default('Medium'),
    timeline: z
      .string({ error: 'Please provide estimated timeline' })
      .trim()
      .min(5, 'Please provide estimated timeline')
      .max(200),
    requirements: z
      .string({ error: 'Please list key requirements' })
      .trim()
      .min(10, 'Please list key requirements')
      .max(PLAN_TEXT_MAX),
    estimatedHours: estimatedHoursField,
    phase1: optionalText(PLAN_TEXT_MAX, 'Phase 1'),
    phase2: optionalText(PLAN_TEXT_MAX, 'Phase 2'),
    phase3: optionalText(PLAN_TEXT_MAX, 'Phase 3'),
    phase4: optionalText(PLAN_TEXT_MAX, 'Phase 4'),
    database: optionalText(PLAN_TEXT_MAX, 'Database'),
    integrations: optionalText(PLAN_TEXT_MAX, 'Integrations'),
    techStack: optionalText(PLAN_TEXT_MAX, 'Tech stack'),
    automationAI: optionalText(PLAN_TEXT_MAX, 'Automation / AI'),
    forceDeposit: z.boolean().default(true),
    includeServicePlan: z.boolean().default(false),
    servicePlanType: z.enum(SERVICE_PLAN_TYPES).default('Hosting'),
  })
  .transform((p) => ({ ...p, servicePlanType: p.includeServicePlan ? p.servicePlanType : null }));
export type ProjectPlanInput = z.input<typeof projectPlanSchema>;
export type ProjectPlan = z.output<typeof projectPlanSchema>;

/** The text the feature multipliers read: everything the plan says about what is built. */
export function planFeaturesText(p: PlanPricingInput): string {
  return [
    p.requirements,
    p.database,
    p.integrations,
    p.techStack,
    p.automationAI,
    p.phase1,
    p.phase2,
    p.phase3,
    p.phase4,
  ]
    .filter(Boolean)
    .join('\n');
}

/** What pricing reads of a plan: its complexity, hours and the texts the feature multipliers read. */
export type PlanPricingInput = Pick<ProjectPlan, 'complexity' | 'requirements'> &
  Partial<
    Pick<
      ProjectPlan,
      | 'estimatedHours'
      | 'database'
      | 'integrations'
      | 'techStack'
      | 'automationAI'
      | 'phase1'
      | 'phase2'
      | 'phase3'
      | 'phase4'
    >
  >;

/**
 * Prices a project plan for a lead of `projectType` (spec §4 "Add Project
 * Plan", §9 "Quote calculation"): the one rule behind the quote the server
 * stores and the plan dialog's live preview. Throws RangeError as computeQuote
 * does (hours with 3+ decimals, an unknown type or complexity).
 */
export function priceProjectPlan(projectType: ProjectType | null | undefined, plan: PlanPricingInput): Quote {
  return computeQuote({
    projectType: projectType ?? null,
    complexity: plan.complexity,
    estimatedHours: plan.estimatedHours ?? null,
    detectedFeatures: planFeaturesText(plan),
  });
}

/** The service plan a quote includes (spec §2 quote page "an optional service plan"), or null when it has none. */
export function quoteServicePlan(lead: {
  includeServicePlan?: boolean | null;
  servicePlanType?: ServicePlanType | null;
}): ServicePlanType | null {
  return lead.includeServicePlan && lead.servicePlanType ? lead.servicePlanType : null;
}

/** A service plan as quotes show it: "Hosting & 2hr maintenance: $75.00/month after launch". */
export function servicePlanText(plan: ServicePlanType): string {
  return `${plan}: ${formatUsd(SERVICE_PLAN_MONTHLY_CENTS[plan])}/month after launch`;
}

/** The plan as note text, appended to the lead's notes with the quote text. */
export function renderPlanText(p: ProjectPlan): string {
  const lines = [
    `Project Plan (${p.complexity} complexity, timeline: ${p.timeline})`,
    `Requirements: ${p.requirements}`,
  ];
  const optional: Array<[string, string | undefined]> = [
    ['Phase 1', p.phase1],
    ['Phase 2', p.phase2],
    ['Phase 3', p.phase3],
    ['Phase 4', p.phase4],
    ['Database', p.database],
    ['Integrations', p.integrations],
    ['Tech stack', p.techStack],
    ['Automation/AI', p.automationAI],
  ];
  for (const [label, v] of optional) if (v) lines.push(`${label}: ${v}`);
  lines.push(`Deposit: ${p.forceDeposit ? `${DEPOSIT_PERCENT}% before start` : 'not required before start'}`);
  if (p.servicePlanType) lines.push(`Service plan: ${p.servicePlanType}`);
  return lines.join('\n');
}

/** A required 2-decimal amount string ("1234.50") → integer cents; `message` when missing. */
export function moneyField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => parseAmountToCents(v) !== null, 'Enter an amount with at most 2 decimals')
    .transform((v) => parseAmountToCents(v)!);
}

/**
 * Edit Quote body (spec §5): all amounts are required non-empty strings (money
 * step 0.01, hours step 0.5), parsed to cents and hundredths; deposit + final
 * must equal the quote.
 */
export const quoteEditSchema = z
  .strictObject({
    quoteAmount: moneyField('Quote amount is required'),
    depositAmount: moneyField('Deposit amount is required'),
    finalAmount: moneyField('Final amount is required'),
    estimatedHours: z
      .string({ error: 'Estimated hours required' })
      .trim()
      .min(1, 'Estimated hours required')
      .refine((v) => /^\d{1,5}(\.(0|5|00|50))?$/.test(v), 'Use steps of 0.5 hours')
      .transform(Number),
    hourlyRate: moneyField('Hourly rate is required'),
    complexity: z.enum(COMPLEXITIES, { error: 'Complexity must be Low, Medium or High' }),
  })
  .refine((q) => q.depositAmount + q.finalAmount === q.quoteAmount, {
    path: ['finalAmount'],
    message: 'Deposit and final amount must add up to the quote amount',
  });
export type QuoteEditInput = z.input<typeof quoteEditSchema>;
export type QuoteEdit = z.output<typeof quoteEditSchema>;

/** Public quote acceptance query/body (spec §7): both ids are required; sizes capped. */
export const quoteLinkSchema = z.strictObject({
  leadId: z
    .string({ error: 'Invalid Quote Link' })
    .trim()
    .min(1, 'Invalid Quote Link')
    .max(128, 'Invalid Quote Link')
    .pipe(firestoreId('Invalid Quote Link')),
  token: z.string({ error: 'Invalid Quote Link' }).trim().min(16, 'Invalid Quote Link').max(256, 'Invalid Quote Link'),
});

/** The 409 of a quote link that died with its quote (spec §2 "Quote acceptance page" shows it). */
export const QUOTE_NO_LONGER_AVAILABLE = 'This quote is no longer available';

/** What decides whether a quote link still stands: the link as stored, and its lead now. */
export interface QuoteLinkFacts {
  link: { quoteVersion?: number | null; revoked: boolean };
  lead: {
    status: string;
    quoteVersion?: number | null;
    quoteReviewStatus?: string | null;
    quoteAccepted?: boolean | null;
  };
}

/**
 * True when a quote link is revoked, computed when it is opened or accepted.
 * A link is valid only for the quote version it was issued for, and only
 * while that version is the lead's open offer:
 * - it was marked revoked: a newer link was issued, the quote was edited or
 *   revised, the lead left Quoted or was marked Lost (see
 *   leadMoveRevokesQuoteLinks), or the admin revoked it. A mark is never
 *   lifted, so moving the lead back to Quoted does not revive the link;
 * - its lead is Lost;
 * - its quote version is not the lead's current one (a missing version on
 *   either side counts as "none", and only "none" matches "none");
 * - the quote is not accepted and no longer stands as sent: the review is not
 *   Approved, or the lead has left Quoted.
 * An accepted quote's own link stays readable (the page shows it accepted)
 * until it is revoked or the lead is Lost.
 */
export function quoteLinkRevoked({ link, lead }: QuoteLinkFacts): boolean {
  if (link.revoked || lead.status === 'Lost') return true;
  if ((link.quoteVersion ?? null) !== (lead.quoteVersion ?? null)) return true;
  if (lead.quoteAccepted) return false;
  return lead.quoteReviewStatus !== 'Approved' || lead.status !== 'Quoted';
}

/**
 * True when a lead's move from `from` to `to` ends its quote offer, so every
 * open link of the lead must be marked revoked in the move's transaction:
 * any move out of Quoted (the offer is withdrawn; a later move back does not
 * reopen it, the admin approves again for a new link) and any move to Lost.
 * Staying put is no move.
 */
export function leadMoveRevokesQuoteLinks(from: string, to: string): boolean {
  return from !== to && (from === 'Quoted' || to === 'Lost');
}

/** Priority of a project created from an accepted quote (spec §9): High → High, Low → Low, else Medium. */
export function priorityFromComplexity(c: Complexity | null | undefined): Priority {
  return c === 'High' ? 'High' : c === 'Low' ? 'Low' : 'Medium';
}

/** Hours of a project created from an accepted quote: the quote's, else 40 (spec §9). */
export function projectHoursFromQuote(hours: number | null | undefined): number {
  return hours && hours > 0 ? hours : 40;
}

/** Path of the client's checkout for an amount in cents (spec §2 "/checkout (query: amount, description, leadId)"). */
export function checkoutPath(amountCents: number, description: string, leadId: string): string {
  const q = new URLSearchParams({ amount: (amountCents / 100).toFixed(2), description, leadId });
  return `/checkout?${q.toString()}`;
}
