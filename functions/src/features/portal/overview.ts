/**
 * What a signed-in client reads: everything matched by their verified
 * address, nothing else. Another client's project or invoice id is 404, the
 * same answer as an id that does not exist.
 */
import {
  portalInvoice,
  portalProject,
  type InvoiceDoc,
  type PaymentRequestDoc,
  type PortalInvoice,
  type PortalOverview,
  type PortalProject,
} from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { loadStudioSettings } from '../../shared/settings.js';
import type { Deps } from '../useCase.js';
import type { ClientSession } from './clientSession.js';
import {
  invoicesOfLeads,
  leadIdsOfEmail,
  paymentRequestsOfLeads,
  projectsOfLeads,
  readInvoiceOrRequest,
  readProject,
} from './portalStore.js';

export const PORTAL_PROJECT_NOT_FOUND = 'Project Not Found';
export const PORTAL_INVOICE_NOT_FOUND = 'Invoice Not Found';

const byNewest = <T extends { createdAt: string | null }>(a: T, b: T) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

// Due days are written in the studio's time zone (`tz`), as its PDFs and emails write them.
const fromInvoice = (id: string, d: InvoiceDoc, tz: string) =>
  portalInvoice({ id, kind: 'invoice', ...d, number: d.number ?? null }, tz);
const fromRequest = (id: string, d: PaymentRequestDoc, tz: string) =>
  portalInvoice({ id, ...d, kind: d.purpose, number: d.number ?? null }, tz);

/**
 * The client's projects (newest first, with their timelines) and their open
 * and paid invoices and payment requests (newest first), and the studio's time
 * zone (settings `timeZone`) the portal shows dates in. An address with no
 * work gets empty lists: the portal never says whether an address is a client.
 */
export async function portalOverview(deps: Deps, client: ClientSession): Promise<PortalOverview> {
  const leadIds = await leadIdsOfEmail(deps.db, client.email);
  const [projects, invoices, requests, { timeZone }] = await Promise.all([
    projectsOfLeads(deps.db, leadIds),
    invoicesOfLeads(deps.db, leadIds),
    paymentRequestsOfLeads(deps.db, leadIds),
    loadStudioSettings(deps.db),
  ]);
  // Each shown invoice with its creation time, newest first.
  const shown = [
    ...invoices.map((d) => ({ at: d.createdAt, inv: fromInvoice(d.id, d, timeZone) })),
    ...requests.map((d) => ({ at: d.createdAt, inv: fromRequest(d.id, d, timeZone) })),
  ]
    .filter((x): x is { at: Date | null; inv: PortalInvoice } => x.inv !== null)
    .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0))
    .map((x) => x.inv);
  return {
    success: true,
    email: client.email,
    projects: projects
      .filter((p) => p.status !== 'Canceled')
      .map((p): PortalProject => portalProject(p.id, p))
      .sort(byNewest),
    invoices: shown,
    timeZone,
  };
}

/** True when lead `leadId` is one of the client's. */
async function owns(deps: Deps, client: ClientSession, leadId: string | null): Promise<boolean> {
  return leadId !== null && (await leadIdsOfEmail(deps.db, client.email)).includes(leadId);
}

/** One of the client's projects. @throws NotFound when it is not theirs (or does not exist). */
export async function portalProjectOf(deps: Deps, client: ClientSession, id: string): Promise<PortalProject> {
  const p = await readProject(deps.db, id);
  if (!p || !(await owns(deps, client, p.leadId))) throw notFound(PORTAL_PROJECT_NOT_FOUND);
  return portalProject(id, p);
}

/** One of the client's open or paid invoices. @throws NotFound when it is not theirs, void, or does not exist. */
export async function portalInvoiceOf(deps: Deps, client: ClientSession, id: string): Promise<PortalInvoice> {
  const found = await readInvoiceOrRequest(deps.db, id);
  if (!found || !(await owns(deps, client, found.doc.leadId))) throw notFound(PORTAL_INVOICE_NOT_FOUND);
  const { timeZone } = await loadStudioSettings(deps.db);
  const inv = found.kind === 'invoice' ? fromInvoice(id, found.doc, timeZone) : fromRequest(id, found.doc, timeZone);
  if (!inv) throw notFound(PORTAL_INVOICE_NOT_FOUND);
  return inv;
}
