/** Replies of the hosted-projects quote tool (spec §6, the "Replit" page): demo projects, their analysis and quotes. */
import { z } from 'zod';
import { COMPLEXITIES } from '../constants.js';
import { HOSTED_FEATURES, HOSTED_LANGUAGES } from '../hostedProjects.js';

/** POST /api/replit/create-quote-from-project → the lead created for the hosted-project quote. */
export const hostedQuoteCreatedReply = z.object({ success: z.boolean(), leadId: z.string() });

/** A demo hosted project (spec §3 "Hosted project (demo)"). */
export const hostedProjectReply = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  lang: z.enum(HOSTED_LANGUAGES),
  files: z.array(z.string()),
  deployment: z.object({ status: z.literal('live'), url: z.string() }).nullable(),
  url: z.string(),
  timeUpdated: z.string(),
});

/** GET /api/replit/projects → the demo projects of a username. */
export const hostedProjectsReply = z.object({ success: z.boolean(), projects: z.array(hostedProjectReply) });

/** POST /api/replit/analyze-project → the analysis and the quote (money as 2-decimal strings). */
export const hostedAnalysisReply = z.object({
  success: z.boolean(),
  analysis: z.object({
    complexity: z.enum(COMPLEXITIES),
    fileCount: z.number(),
    language: z.string(),
    hasDeployment: z.boolean(),
    features: z.array(z.enum(HOSTED_FEATURES)),
    reasons: z.array(z.string()),
  }),
  quote: z.object({
    estimatedHours: z.number(),
    total: z.string(),
    depositAmount: z.string(),
    finalAmount: z.string(),
    hourlyRate: z.string(),
  }),
});

/** POST /api/replit/sync-project-status → how many quoted projects changed, and each one's state. */
export const hostedSyncReply = z.object({
  success: z.boolean(),
  updated: z.number(),
  updates: z.array(
    z.object({
      leadId: z.string(),
      name: z.string(),
      projectId: z.string(),
      projectTitle: z.string().nullable(),
      synced: z.boolean(),
      deployed: z.boolean().nullable(),
      deploymentUrl: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
});
