/**
 * Studio settings routes (admin). The admin page reads both documents live
 * from Firestore (security rules: admin read only) and through the GETs
 * below; writes come here.
 *
 * - GET /settings/studio, GET /settings/automations → { success, settings,
 *   version }: the stored settings (the defaults while none) and the version
 *   a save must send back.
 * - PUT /settings/studio {businessName, postalAddress, contactEmail, taxId?,
 *   logoUrl?, paymentTermsDays, invoiceFooter, version} → { success, message:
 *   "Settings saved", version }; 400 "Validation failed" with fields, nothing
 *   written.
 * - PUT /settings/automations {quoteFollowUp, quoteExpiry, depositUnpaid,
 *   invoiceDueSoon, invoiceOverdue (each {enabled, days}), version} →
 *   { success, message: "Automations saved", version }.
 * - A PUT whose version is no longer the stored one (someone saved since) →
 *   409 SETTINGS_CHANGED, nothing written.
 *
 * Schemas: domain settings.ts (strict: unknown keys rejected).
 */
import { Router } from 'express';
import {
  automationSettingsReply,
  automationSettingsSaveSchema,
  settingsSavedReply,
  studioSettingsReply,
  studioSettingsSaveSchema,
} from '@studio/domain';
import { db } from '../../firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { adminOf } from '../../session.js';
import type { Deps } from '../useCase.js';
import {
  loadAutomationSettingsVersioned,
  loadStudioSettingsVersioned,
  saveAutomationSettings,
  saveStudioSettings,
} from './saveSettings.js';

const deps: Deps = { db };

export const settingsAdminRouter = Router();

settingsAdminRouter.get('/settings/studio', async (_req, res) => {
  sendReply(res, studioSettingsReply, { success: true, ...(await loadStudioSettingsVersioned(deps)) });
});

settingsAdminRouter.get('/settings/automations', async (_req, res) => {
  sendReply(res, automationSettingsReply, { success: true, ...(await loadAutomationSettingsVersioned(deps)) });
});

settingsAdminRouter.put('/settings/studio', async (req, res) => {
  const version = await saveStudioSettings(deps, parseBody(req, studioSettingsSaveSchema), adminOf(res));
  sendReply(res, settingsSavedReply, { success: true, message: 'Settings saved', version });
});

settingsAdminRouter.put('/settings/automations', async (req, res) => {
  const version = await saveAutomationSettings(deps, parseBody(req, automationSettingsSaveSchema), adminOf(res));
  sendReply(res, settingsSavedReply, { success: true, message: 'Automations saved', version });
});
