/**
 * Studio settings routes (admin). The admin page reads both documents live
 * from Firestore (security rules: admin read only); writes come here.
 *
 * - PUT /settings/studio {businessName, postalAddress, contactEmail, taxId?,
 *   logoUrl?, paymentTermsDays, invoiceFooter} → { success, message:
 *   "Settings saved" }; 400 "Validation failed" with fields, nothing written.
 * - PUT /settings/automations {quoteFollowUp, quoteExpiry, depositUnpaid,
 *   invoiceDueSoon, invoiceOverdue} (each {enabled, days}) → same reply.
 *
 * Schemas: domain settings.ts (strict: unknown keys rejected).
 */
import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { AUTOMATION_SETTINGS_DOC, automationSettingsSchema, SETTINGS_COLLECTION, STUDIO_SETTINGS_DOC, studioSettingsSchema } from '@studio/domain';
import { db } from '../firebase.js';
import { parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';

export const settingsRouter = Router();
settingsRouter.use('/settings', requireAdmin);

settingsRouter.put('/settings/studio', async (req, res) => {
  const input = parseBody(req, studioSettingsSchema);
  const admin = res.locals.admin as AdminLocals;
  await db.collection(SETTINGS_COLLECTION).doc(STUDIO_SETTINGS_DOC).set({ ...input, updatedBy: admin.username, updatedAt: FieldValue.serverTimestamp() });
  res.json({ success: true, message: 'Settings saved' });
});

settingsRouter.put('/settings/automations', async (req, res) => {
  const input = parseBody(req, automationSettingsSchema);
  const admin = res.locals.admin as AdminLocals;
  await db.collection(SETTINGS_COLLECTION).doc(AUTOMATION_SETTINGS_DOC).set({ ...input, updatedBy: admin.username, updatedAt: FieldValue.serverTimestamp() });
  res.json({ success: true, message: 'Automations saved' });
});
