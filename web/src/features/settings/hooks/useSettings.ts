/**
 * The studio settings documents, read live (one listener per document) and
 * parsed with their domain schemas (studioSettingsDocSchema,
 * automationSettingsDocSchema: defaults while nothing is saved or when
 * invalid). Each carries its version, which a save sends back;
 * after a refused (stale) save the page reloads the document from the server
 * through the API, and shows whichever of the two copies is newer.
 */
import { useCallback, useEffect, useState } from 'react';
import { doc, onSnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import type { z } from 'zod';
import {
  AUTOMATION_SETTINGS_DOC,
  automationSettingsDocSchema,
  automationSettingsReply,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  studioSettingsDocSchema,
  studioSettingsReply,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';
import { api } from '../../../shared/lib/api';
import { unlessSessionEnded } from '../../../shared/data/sessionCheck';
import { studioDateFormat, type StudioDateFormat } from '../../../shared/lib/studioDates';

export interface LiveDoc<T> {
  status: 'loading' | 'error' | 'success';
  data: T | null;
  /** True once a saved document exists (false: defaults shown). */
  saved: boolean;
  /** The document's version (0 while nothing is saved): what a save sends back. */
  version: number;
  error?: Error;
}

/** A settings document's schema: any stored object reads as its settings and version. */
type SettingsDocSchema<T> = z.ZodType<{ settings: T; version: number }>;

function useLiveSettings<T>(id: string, schema: SettingsDocSchema<T>): LiveDoc<T> {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveDoc<T>>({ status: 'loading', data: null, saved: false, version: 0 });
  useEffect(
    () =>
      onSnapshot(
        doc(firestore, SETTINGS_COLLECTION, id),
        (d) => {
          const { settings, version } = schema.parse(d.data() ?? {});
          setState({ status: 'success', data: settings, saved: d.exists(), version });
        },
        // A refusal after a logout elsewhere signs out instead (shared/data/sessionCheck.ts).
        unlessSessionEnded((error) => setState({ status: 'error', data: null, saved: false, version: 0, error })),
      ),
    [firestore, id, schema],
  );
  return state;
}

/** The settings as the server holds them now (GET), with their version. */
type Fetched<T> = { settings: T; version: number };

/**
 * A live settings document, and `reload()`, which reads it from the server
 * through the API (after a stale save, so the form shows the current values
 * even before the listener has them). The newer of the two copies is shown.
 */
function useVersionedSettings<T>(live: LiveDoc<T>, fetch: () => Promise<Fetched<T>>) {
  const [fetched, setFetched] = useState<Fetched<T> | null>(null);
  const reload = useCallback(async () => setFetched(await fetch()), [fetch]);
  const view: LiveDoc<T> =
    fetched && live.status === 'success' && fetched.version > live.version
      ? { status: 'success', data: fetched.settings, saved: true, version: fetched.version }
      : live;
  return { ...view, reload };
}

const fetchStudio = () => api.get('/api/settings/studio', studioSettingsReply);
const fetchAutomations = () => api.get('/api/settings/automations', automationSettingsReply);

export const useStudioSettings = () =>
  useVersionedSettings<StudioSettings>(useLiveSettings(STUDIO_SETTINGS_DOC, studioSettingsDocSchema), fetchStudio);
export const useAutomationSettings = () =>
  useVersionedSettings<AutomationSettings>(
    useLiveSettings(AUTOMATION_SETTINGS_DOC, automationSettingsDocSchema),
    fetchAutomations,
  );

/** The studio's time zone (settings `timeZone`; UTC until it loads or while nothing is saved). */
export function useStudioTimeZone(): string {
  return useStudioSettings().data?.timeZone ?? 'UTC';
}

/**
 * Dates on the studio's clock for the admin's pages (shared/lib/studioDates: day, long day, day and time...),
 * in the settings `timeZone` (UTC until it loads or while nothing is saved). Stable while the zone is: one set
 * of formatters per zone. Call it once per page or dialog section, not per card or row: it listens to the
 * studio settings document.
 */
export function useStudioDateFormat(): StudioDateFormat {
  return studioDateFormat(useStudioTimeZone());
}
