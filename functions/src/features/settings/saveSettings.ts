import { FieldValue } from 'firebase-admin/firestore';
import { SETTINGS_CHANGED, settingsSaveVersion } from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import {
  readSettingsDoc,
  writeSettingsDoc,
  type SettingsDocId,
  type SettingsDocs,
  type StoredSettings,
} from '../../shared/settingsStore.js';
import type { AdminActor, Deps } from '../useCase.js';

export type { SettingsDocId } from '../../shared/settingsStore.js';

/**
 * Reads `settings/{doc}` once (GET /api/settings/{doc}).
 * @returns the settings (the defaults while the document is missing or unreadable) and their version (0 while
 *   nothing is saved), which a save sends back.
 */
export async function loadSettings<K extends SettingsDocId>(deps: Deps, doc: K): Promise<StoredSettings<K>> {
  return readSettingsDoc(deps.db, doc);
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
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const next = settingsSaveVersion((await readSettingsDoc(db, doc, tx)).version, version);
    if (next === null) throw conflict(SETTINGS_CHANGED);
    writeSettingsDoc(tx, db, doc, {
      ...settings,
      version: next,
      updatedBy: actor.username,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return next;
  });
}
