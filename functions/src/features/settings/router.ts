/**
 * Studio settings routes (admin). The admin page reads both documents live
 * from Firestore (security rules: admin read only); writes come here.
 *
 * - PUT /settings/studio {businessName, postalAddress, contactEmail, taxId?,
 *   logoUrl?, paymentTermsDays, invoiceFooter} → { success, message:
 *   "Settings saved" }; 400 "Validation failed" with fields, nothing written.
 * - PUT /settings/automations {quoteFollowUp, quoteExpiry, depositUnpaid,
 *   invoiceDueSoon, invoiceOverdue} (each {enabled, days}) → { success,
 *   message: "Automations saved" }.
 *
 * Schemas: domain settings.ts (strict: unknown keys rejected).
 */
import { Router } from 'express';
import { automationSettingsSchema, studioSettingsSchema, successReply } from '@studio/domain';
import { db } from '../../firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { adminOf } from '../../session.js';
import type { Deps } from '../useCase.js';
import { saveAutomationSettings, saveStudioSettings } from './saveSettings.js';

const deps: Deps = { db };

export const settingsAdminRouter = Router();

settingsAdminRouter.put('/settings/studio', async (req, res) => {
  await saveStudioSettings(deps, parseBody(req, studioSettingsSchema), adminOf(res));
  sendReply(res, successReply, { success: true, message: 'Settings saved' });
});

settingsAdminRouter.put('/settings/automations', async (req, res) => {
  await saveAutomationSettings(deps, parseBody(req, automationSettingsSchema), adminOf(res));
  sendReply(res, successReply, { success: true, message: 'Automations saved' });
});
