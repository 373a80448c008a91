/**
 * Replies of the settings routes (spec §7 "Settings"), parsed by the web. A module of their own so that the
 * replies every page needs do not carry the settings' schemas into the pages that show none.
 */
import { z } from 'zod';
import { automationSettingsSchema, storedStudioSettingsSchema } from '../settings.js';
import { successReply } from './base.js';

/** A settings document's version, for the optimistic check of the next save. */
const settingsVersion = z.number().int().nonnegative();

/** GET /api/settings/studio → the studio settings as stored (the defaults while none are) and their version. */
export const studioSettingsReply = z.object({
  success: z.literal(true),
  settings: storedStudioSettingsSchema,
  version: settingsVersion,
});

/** GET /api/settings/automations → the automations as stored (the defaults while none are) and their version. */
export const automationSettingsReply = z.object({
  success: z.literal(true),
  settings: automationSettingsSchema,
  version: settingsVersion,
});

/** PUT /api/settings/studio and /automations → the spec's message and the version the save stored. */
export const settingsSavedReply = successReply.extend({ version: settingsVersion });
