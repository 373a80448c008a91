/** Reads the studio settings documents (domain settings.ts), parsed; defaults when absent or invalid. */
import type { Firestore } from 'firebase-admin/firestore';
import {
  AUTOMATION_SETTINGS_DOC,
  readAutomationSettings,
  readStudioSettings,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';

export async function loadStudioSettings(db: Firestore): Promise<StudioSettings> {
  return readStudioSettings((await db.collection(SETTINGS_COLLECTION).doc(STUDIO_SETTINGS_DOC).get()).data());
}

export async function loadAutomationSettings(db: Firestore): Promise<AutomationSettings> {
  return readAutomationSettings((await db.collection(SETTINGS_COLLECTION).doc(AUTOMATION_SETTINGS_DOC).get()).data());
}
