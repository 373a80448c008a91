/**
 * The `settings` collection's only store. `settings/{studio|automations}`: read through domain
 * studioSettingsDocSchema / automationSettingsDocSchema (the settings, the
 * defaults when missing or invalid, and their version); a save is checked
 * against studioSettingsWriteSchema / automationSettingsWriteSchema.
 * `settings/proposals`: read through domain readProposalSettings (the proposals slice's settings).
 */
import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  AUTOMATION_SETTINGS_DOC,
  automationSettingsDocSchema,
  automationSettingsWriteSchema,
  COLLECTIONS,
  PROPOSAL_SETTINGS_DOC,
  readProposalSettings,
  readSettingsVersion,
  STUDIO_SETTINGS_DOC,
  studioSettingsDocSchema,
  studioSettingsWriteSchema,
  type AutomationSettings,
  type ProposalSettings,
  type StudioSettings,
} from '@studio/domain';
import { checkedDoc, zodConverter } from '../platform/converter.js';

/** What each settings document (`settings/{id}`) holds. */
export interface SettingsDocs {
  [STUDIO_SETTINGS_DOC]: StudioSettings;
  [AUTOMATION_SETTINGS_DOC]: AutomationSettings;
}
export type SettingsDocId = keyof SettingsDocs;

/** A stored settings document as read: the settings and their version (0 while nothing is saved). */
export type StoredSettings<K extends SettingsDocId> = { settings: SettingsDocs[K]; version: number };

const SCHEMAS: { [K in SettingsDocId]: { read: z.ZodType<StoredSettings<K>, DocumentData>; write: z.ZodObject } } = {
  [STUDIO_SETTINGS_DOC]: { read: studioSettingsDocSchema, write: studioSettingsWriteSchema },
  [AUTOMATION_SETTINGS_DOC]: { read: automationSettingsDocSchema, write: automationSettingsWriteSchema },
};

/** `settings/{doc}` as stored now (in `tx` when given); the defaults and version 0 while it is missing. */
export async function readSettingsDoc<K extends SettingsDocId>(
  db: Firestore,
  doc: K,
  tx?: Transaction,
): Promise<StoredSettings<K>> {
  const schema: z.ZodType<StoredSettings<K>, DocumentData> = SCHEMAS[doc].read;
  const ref = db.collection(COLLECTIONS.settings).doc(doc).withConverter(zodConverter(schema));
  const stored = (tx ? await tx.get(ref) : await ref.get()).data();
  return stored ?? schema.parse({});
}

/**
 * Replaces `settings/{doc}` with `data` in `tx` (the settings, `version`,
 * `updatedBy`, and `updatedAt` as a server timestamp).
 * @throws ZodError when `data` does not match the document's write schema.
 */
export function writeSettingsDoc(tx: Transaction, db: Firestore, doc: SettingsDocId, data: Record<string, unknown>) {
  tx.set(db.collection(COLLECTIONS.settings).doc(doc), checkedDoc(SCHEMAS[doc].write, data));
}

const proposalSettingsRef = (db: Firestore) => db.collection(COLLECTIONS.settings).doc(PROPOSAL_SETTINGS_DOC);

/**
 * `settings/proposals` and its version, read in `tx` when given: domain readProposalSettings and
 * readSettingsVersion (the defaults and version 0 while it is missing or invalid).
 */
export async function readProposalSettingsDoc(
  db: Firestore,
  tx?: Transaction,
): Promise<{ settings: ProposalSettings; version: number }> {
  const ref = proposalSettingsRef(db);
  const data = (tx ? await tx.get(ref) : await ref.get()).data();
  return { settings: readProposalSettings(data), version: readSettingsVersion(data) };
}

/** Replaces `settings/proposals` in `tx` with `settings` at `version`, `updatedBy` `by` and a server timestamp. */
export function writeProposalSettingsDoc(
  tx: Transaction,
  db: Firestore,
  settings: ProposalSettings,
  version: number,
  by: string,
): void {
  tx.set(proposalSettingsRef(db), { ...settings, version, updatedBy: by, updatedAt: FieldValue.serverTimestamp() });
}
