/**
 * Freezing a proposal when a quote is approved with a contract: the scope,
 * timeline, amounts and the rendered contract are written once into
 * `proposals/{id}` with their SHA-256 (domain proposalCanonicalText) and tied
 * to the quote link. A revision or a newer link kills the link, and with it
 * the proposal: a new approval freezes a new one.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { addMilliseconds } from 'date-fns';
import { millisecondsInDay } from 'date-fns/constants';
import {
  contractTemplates,
  formatUsd,
  proposalCanonicalText,
  proposalDocumentSchema,
  proposalTimeline,
  type readStudioSettings,
  renderContract,
  splitPhaseHours,
  studioTemplateVariables,
  type ProposalDocument,
  type StoredLeadDoc,
} from '@studio/domain';
import { invalid } from '../../platform/errors.js';
import {
  appendEvent,
  proposalRef,
  readSettings,
  readStudio,
  setLeadProposalStatus,
  sha256Hex,
} from './proposalStore.js';

const PHASES = ['phase1', 'phase2', 'phase3', 'phase4'] as const;

/**
 * `yyyy-MM-dd` of the first day after `now` (UTC): the earliest start a proposal offers. A UTC day is always
 * millisecondsInDay long, so this is tomorrow's UTC date whatever the process's zone (addDays would step the
 * local calendar instead).
 */
function nextDay(now: Date): string {
  return addMilliseconds(now, millisecondsInDay).toISOString().slice(0, 10);
}

/**
 * The document a client reads for `lead` with contract template `templateId`,
 * from the studio and proposals settings. Pure but for its inputs.
 */
export function proposalDocument(input: {
  lead: StoredLeadDoc;
  template: { name: string; text: string };
  studio: ReturnType<typeof readStudioSettings>;
  weeklyCapacityHours: number;
  start: string;
}): ProposalDocument {
  const { lead, template, studio } = input;
  const phases = PHASES.flatMap((k, i) => {
    const text = lead[k]?.trim();
    return text ? [{ name: `Phase ${i + 1}`, description: text }] : [];
  });
  const estimates = splitPhaseHours(
    lead.estimatedHours ?? 0,
    phases.map((p) => p.name),
  );
  const quote = lead.quoteAmountCents ?? 0;
  const deposit = lead.depositAmountCents ?? 0;
  const vars = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone ?? '',
    projectType: lead.projectType,
    subject: lead.subject || lead.projectType,
    projectName: lead.subject || lead.projectType,
    message: lead.message,
    quoteAmount: formatUsd(quote),
    depositAmount: formatUsd(deposit),
    amount: formatUsd(deposit),
    ...studioTemplateVariables(studio),
  };
  return proposalDocumentSchema.parse({
    title: lead.subject || `${lead.projectType} for ${lead.name}`,
    clientName: lead.name,
    clientEmail: lead.email,
    studioName: studio.businessName,
    features: lead.detectedFeatures?.trim() || lead.message,
    phases,
    timeline: proposalTimeline({
      start: input.start,
      weeklyCapacityHours: input.weeklyCapacityHours,
      phases: estimates,
    }),
    weeklyCapacityHours: input.weeklyCapacityHours,
    quoteAmountCents: quote,
    depositAmountCents: deposit,
    finalAmountCents: lead.finalAmountCents ?? quote - deposit,
    servicePlan: lead.includeServicePlan ? (lead.servicePlanType ?? null) : null,
    contractName: template.name,
    contractText: renderContract(template.text, vars),
  });
}

/**
 * Reads in `tx` what a proposal for `lead` needs (settings, template), and
 * returns the writer to call after the caller's other reads: it freezes the
 * proposal for quote link `linkId`. Call before any write of `tx`.
 * @throws Invalid "Unknown contract template" when `templateId` names none.
 */
export async function prepareProposal(
  db: Firestore,
  tx: Transaction,
  input: { leadId: string; lead: StoredLeadDoc; templateId: string; now: Date },
): Promise<(linkId: string, by: string) => string> {
  const [{ settings }, studio] = await Promise.all([readSettings(db, tx), readStudio(db, tx)]);
  const template = contractTemplates(settings).find((t) => t.id === input.templateId);
  if (!template) throw invalid('Unknown contract template', { contractTemplateId: 'Unknown contract template' });
  const document = proposalDocument({
    lead: input.lead,
    template,
    studio,
    weeklyCapacityHours: settings.weeklyCapacityHours,
    start: nextDay(input.now),
  });
  return (linkId, by) => {
    const id = randomUUID();
    tx.create(proposalRef(db, id), {
      leadId: input.leadId,
      quoteVersion: input.lead.quoteVersion ?? null,
      linkId,
      contractTemplateId: template.id,
      status: 'Sent',
      document,
      documentSha256: sha256Hex(proposalCanonicalText(document)),
      countersignRequired: settings.countersign,
      sentAt: FieldValue.serverTimestamp(),
      viewedAt: null,
      signedAt: null,
      countersignedAt: null,
      countersignedBy: null,
      signature: null,
      signedPdfSha256: null,
      createdAt: FieldValue.serverTimestamp(),
    });
    appendEvent(db, tx, {
      proposalId: id,
      leadId: input.leadId,
      type: 'created',
      by,
      detail: `Proposal sent with "${template.name}" for quote v${input.lead.quoteVersion ?? 1}`,
    });
    setLeadProposalStatus(db, tx, input.leadId, 'Sent');
    return id;
  };
}
