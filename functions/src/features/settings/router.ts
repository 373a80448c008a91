/**
 * Studio settings routes (admin). The admin page reads both documents live
 * from Firestore (security rules: admin read only) and through the GETs
 * below; writes come here.
 *
 * - GET /settings/studio, GET /settings/automations → { success, settings,
 *   version }: the stored settings (the defaults while none) and the version
 *   a save must send back.
 * - PUT /settings/studio {businessName, postalAddress, contactEmail, taxId?,
 *   logoUrl?, paymentTermsDays, invoiceFooter, legalName?, legalAddress?,
 *   country?, vatRegistered?, version} → { success, message: "Settings saved",
 *   version }; 400 "Validation failed" with fields, nothing written. The legal
 *   fields are also held to invoiceTax.ts studioLegalFieldsSchema: a
 *   VAT-registered studio needs its country and tax id, and an EU tax id must
 *   be a VAT id of that country (stored canonical, "DE136695976").
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
  AUTOMATION_SETTINGS_DOC,
  automationSettingsReply,
  automationSettingsSaveSchema,
  settingsSavedReply,
  studioSettingsReply,
  STUDIO_SETTINGS_DOC,
  studioSettingsSaveSchema,
} from '@studio/domain';
import { studioLegalFieldsSchema } from '@studio/domain/invoiceTax';
import { db } from '../../platform/firebase.js';
import { parseBody, parseWith, sendReply } from '../../http.js';
import { adminOf } from '../../platform/session.js';
import type { Deps } from '../useCase.js';
import { loadSettings, saveSettings } from './saveSettings.js';

const deps: Deps = { db };

export const settingsAdminRouter = Router();

settingsAdminRouter.get('/settings/studio', async (_req, res) => {
  sendReply(res, studioSettingsReply, { success: true, ...(await loadSettings(deps, STUDIO_SETTINGS_DOC)) });
});

settingsAdminRouter.get('/settings/automations', async (_req, res) => {
  sendReply(res, automationSettingsReply, { success: true, ...(await loadSettings(deps, AUTOMATION_SETTINGS_DOC)) });
});

settingsAdminRouter.put('/settings/studio', async (req, res) => {
  const parsed = parseBody(req, studioSettingsSaveSchema);
  const { legalName, legalAddress, country, taxId, vatRegistered } = parsed;
  const legal = parseWith(studioLegalFieldsSchema, { legalName, legalAddress, country, taxId, vatRegistered });
  const save = { ...parsed, taxId: legal.taxId };
  const version = await saveSettings(deps, STUDIO_SETTINGS_DOC, save, adminOf(res));
  sendReply(res, settingsSavedReply, { success: true, message: 'Settings saved', version });
});

settingsAdminRouter.put('/settings/automations', async (req, res) => {
  const save = parseBody(req, automationSettingsSaveSchema);
  const version = await saveSettings(deps, AUTOMATION_SETTINGS_DOC, save, adminOf(res));
  sendReply(res, settingsSavedReply, { success: true, message: 'Automations saved', version });
});
