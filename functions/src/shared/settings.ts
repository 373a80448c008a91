/** Reads the studio settings documents (domain settings.ts), parsed; defaults when absent or invalid (shared/settingsStore.ts). */
import type { Firestore } from 'firebase-admin/firestore';
import {
  AUTOMATION_SETTINGS_DOC,
  STUDIO_SETTINGS_DOC,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';
import { readSettingsDoc } from './settingsStore.js';

export async function loadStudioSettings(db: Firestore): Promise<StudioSettings> {
  return (await readSettingsDoc(db, STUDIO_SETTINGS_DOC)).settings;
}

export async function loadAutomationSettings(db: Firestore): Promise<AutomationSettings> {
  return (await readSettingsDoc(db, AUTOMATION_SETTINGS_DOC)).settings;
}
