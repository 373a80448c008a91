/**
 * The proposals settings (`settings/proposals`): weekly capacity,
 * countersigning, and the contract templates (the default, kept in code until
 * the owner edits it, and named ones). Saved with the settings' optimistic
 * version, as the studio settings are.
 */
import {
  CONTRACT_TEMPLATE_VARIABLES,
  contractTemplates,
  NOT_LEGAL_ADVICE,
  previewContract,
  SETTINGS_CHANGED,
  settingsSaveVersion,
  studioTemplateVariables,
  type ProposalSettings,
} from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readLead, readSettings, readStudio, writeSettings } from './proposalStore.js';

/** GET /api/settings/proposals. */
export async function loadProposalSettings(deps: Deps) {
  const { settings, version } = await readSettings(deps.db);
  return {
    settings,
    templates: contractTemplates(settings),
    variables: [...CONTRACT_TEMPLATE_VARIABLES],
    notLegalAdvice: NOT_LEGAL_ADVICE,
    version,
  };
}

/**
 * Saves the proposals settings if still at `input.version`.
 * @returns the new version. @throws Conflict SETTINGS_CHANGED when someone saved since.
 */
export async function saveProposalSettings(
  deps: Deps,
  input: ProposalSettings & { version: number },
  actor: AdminActor,
): Promise<number> {
  const { version, ...settings } = input;
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const next = settingsSaveVersion((await readSettings(db, tx)).version, version);
    if (next === null) throw conflict(SETTINGS_CHANGED);
    writeSettings(db, tx, settings, next, actor.username);
    return next;
  });
}

/** The contract `text` rendered with lead `leadId`'s data (sample values without one) and the studio's details. */
export async function previewContractText(deps: Deps, input: { text: string; leadId?: string | null }) {
  const { db } = deps;
  const [studio, lead] = await Promise.all([readStudio(db), input.leadId ? readLead(db, input.leadId) : null]);
  return previewContract(input.text, lead, studioTemplateVariables(studio));
}
