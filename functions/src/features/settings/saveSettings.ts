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
import { conflict } from '../../platform/errors.js';
import type { AdminActor, Deps } from '../useCase.js';

/** What each settings document (`settings/{id}`) holds. */
interface SettingsDocs {
  [STUDIO_SETTINGS_DOC]: StudioSettings;
  [AUTOMATION_SETTINGS_DOC]: AutomationSettings;
}
export type SettingsDocId = keyof SettingsDocs;

/** Each document's reader (domain): the parsed settings, the defaults when missing or unreadable. */
const READERS: { [K in SettingsDocId]: (data: unknown) => SettingsDocs[K] } = {
  [STUDIO_SETTINGS_DOC]: readStudioSettings,
  [AUTOMATION_SETTINGS_DOC]: readAutomationSettings,
};

/**
 * Reads `settings/{doc}` once (GET /api/settings/{doc}).
 * @returns the settings (the defaults while the document is missing or unreadable) and their version (0 while
 *   nothing is saved), which a save sends back.
 */
export async function loadSettings<K extends SettingsDocId>(
  deps: Deps,
  doc: K,
): Promise<{ settings: SettingsDocs[K]; version: number }> {
  const data = (await deps.db.collection(COLLECTIONS.settings).doc(doc).get()).data();
  return { settings: READERS[doc](data), version: readSettingsVersion(data) };
}

/**
 * Replaces `settings/{doc}` with the settings of `input` if the document is
 * still at `input.version` (domain settingsSaveVersion), in one transaction,
 * stamped with who saved it and the next version.
 * @returns the version now stored. @throws Conflict SETTINGS_CHANGED when someone saved since; nothing is written then.
 */
export async function saveSettings<K extends SettingsDocId>(
  deps: Deps,
  doc: K,
  input: SettingsDocs[K] & { version: number },
  actor: AdminActor,
): Promise<number> {
  const { version, ...settings } = input;
  const ref = deps.db.collection(COLLECTIONS.settings).doc(doc);
  return deps.db.runTransaction(async (tx) => {
    const next = settingsSaveVersion(readSettingsVersion((await tx.get(ref)).data()), version);
    if (next === null) throw conflict(SETTINGS_CHANGED);
    tx.set(ref, { ...settings, version: next, updatedBy: actor.username, updatedAt: FieldValue.serverTimestamp() });
    return next;
  });
}
