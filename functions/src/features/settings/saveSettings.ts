import { FieldValue } from 'firebase-admin/firestore';
import {
  AUTOMATION_SETTINGS_DOC,
  COLLECTIONS,
  readAutomationSettings,
  readSettingsVersion,
  readStudioSettings,
  SETTINGS_CHANGED,
  settingsSaveVersion,
  STUDIO_SETTINGS_DOC,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';
import { conflict } from '../../errors.js';
import type { AdminActor, Deps } from '../useCase.js';

/** A settings document as a reader gets it: the parsed settings (defaults while none) and their version. */
export interface VersionedSettings<T> {
  settings: T;
  /** The stored `version` (0 while nothing is saved); a save sends it back. */
  version: number;
}

/**
 * Reads `settings/{docId}` once, parsed with `read`.
 * @returns the settings (defaults while the document is missing or unreadable) and their version.
 */
async function loadVersioned<T>(deps: Deps, docId: string, read: (data: unknown) => T): Promise<VersionedSettings<T>> {
  const data = (await deps.db.collection(COLLECTIONS.settings).doc(docId).get()).data();
  return { settings: read(data), version: readSettingsVersion(data) };
}

/**
 * Replaces `settings/{docId}` with `settings` if it is still at `version`
 * (domain settingsSaveVersion), in one transaction, stamped with who saved it
 * and the next version.
 * @returns the version now stored. @throws Conflict SETTINGS_CHANGED when someone saved since `version`; nothing is written then.
 */
async function saveVersioned(
  deps: Deps,
  docId: string,
  settings: StudioSettings | AutomationSettings,
  version: number,
  actor: AdminActor,
): Promise<number> {
  const ref = deps.db.collection(COLLECTIONS.settings).doc(docId);
  return deps.db.runTransaction(async (tx) => {
    const next = settingsSaveVersion(readSettingsVersion((await tx.get(ref)).data()), version);
    if (next === null) throw conflict(SETTINGS_CHANGED);
    tx.set(ref, { ...settings, version: next, updatedBy: actor.username, updatedAt: FieldValue.serverTimestamp() });
    return next;
  });
}

/** The studio settings and their version (GET /api/settings/studio). */
export const loadStudioSettingsVersioned = (deps: Deps) => loadVersioned(deps, STUDIO_SETTINGS_DOC, readStudioSettings);

/** The automations and their version (GET /api/settings/automations). */
export const loadAutomationSettingsVersioned = (deps: Deps) =>
  loadVersioned(deps, AUTOMATION_SETTINGS_DOC, readAutomationSettings);

/**
 * Replaces `settings/studio` with `input`, if no one saved since `input.version`.
 * @returns the version now stored. @throws Conflict SETTINGS_CHANGED on a stale save (nothing written).
 */
export async function saveStudioSettings(
  deps: Deps,
  input: StudioSettings & { version: number },
  actor: AdminActor,
): Promise<number> {
  const { version, ...settings } = input;
  return saveVersioned(deps, STUDIO_SETTINGS_DOC, settings, version, actor);
}

/**
 * Replaces `settings/automations` with `input`, if no one saved since `input.version`.
 * @returns the version now stored. @throws Conflict SETTINGS_CHANGED on a stale save (nothing written).
 */
export async function saveAutomationSettings(
  deps: Deps,
  input: AutomationSettings & { version: number },
  actor: AdminActor,
): Promise<number> {
  const { version, ...settings } = input;
  return saveVersioned(deps, AUTOMATION_SETTINGS_DOC, settings, version, actor);
}
