import { FieldValue } from 'firebase-admin/firestore';
import {
  AUTOMATION_SETTINGS_DOC,
  COLLECTIONS,
  STUDIO_SETTINGS_DOC,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';
import type { AdminActor, Deps } from '../useCase.js';

/** Replaces `settings/studio` with `input`, stamped with who saved it. */
export async function saveStudioSettings(deps: Deps, input: StudioSettings, actor: AdminActor): Promise<void> {
  await deps.db
    .collection(COLLECTIONS.settings)
    .doc(STUDIO_SETTINGS_DOC)
    .set({ ...input, updatedBy: actor.username, updatedAt: FieldValue.serverTimestamp() });
}

/** Replaces `settings/automations` with `input`, stamped with who saved it. */
export async function saveAutomationSettings(deps: Deps, input: AutomationSettings, actor: AdminActor): Promise<void> {
  await deps.db
    .collection(COLLECTIONS.settings)
    .doc(AUTOMATION_SETTINGS_DOC)
    .set({ ...input, updatedBy: actor.username, updatedAt: FieldValue.serverTimestamp() });
}
