/**
 * The hosted-project quote tool's calls to /api/replit/* (spec §7). Each
 * resolves to the reply's useful part and throws ApiError on a non-2xx reply
 * (`fields` holds the per-field messages of a 400).
 */
import type { z } from 'zod';
import {
  hostedAnalysisReply,
  hostedProjectsReply,
  hostedQuoteCreatedReply,
  hostedSyncReply,
  type HostedProject,
  type HostedQuoteForm,
} from '@studio/domain';
import { api } from '../../../shared/lib/api';

/** POST /api/replit/analyze-project reply. */
export type AnalyzeResponse = z.output<typeof hostedAnalysisReply>;

/** POST /api/replit/sync-project-status reply: how many quoted projects changed, and each one's state. */
export type SyncResponse = z.output<typeof hostedSyncReply>;

/** The demo projects generated for `username` (GET /api/replit/projects). */
export async function listHostedProjects(username: string): Promise<HostedProject[]> {
  const r = await api.get(`/api/replit/projects?${new URLSearchParams({ username })}`, hostedProjectsReply);
  return r.projects;
}

/** The server's analysis of demo project `projectId` at `baseHourlyRate` dollars an hour (the default rate when undefined). */
export function analyzeHostedProject(projectId: string, baseHourlyRate: number | undefined): Promise<AnalyzeResponse> {
  return api.post('/api/replit/analyze-project', { projectId, baseHourlyRate }, hostedAnalysisReply);
}

/** Creates the lead (Contacted, quote Pending) for a quote form; resolves to the lead's id. */
export async function createHostedQuote(form: HostedQuoteForm): Promise<string> {
  const r = await api.post('/api/replit/create-quote-from-project', form, hostedQuoteCreatedReply);
  return r.leadId;
}

/** Re-reads the deployment state of every quoted demo project. */
export function syncHostedProjectStatus(): Promise<SyncResponse> {
  return api.post('/api/replit/sync-project-status', {}, hostedSyncReply);
}
