/**
 * The studio settings documents, read live (one listener per document) and
 * parsed with the domain's readers: defaults while nothing is saved. Each
 * carries its version (domain readSettingsVersion), which a save sends back;
 * after a refused (stale) save the page reloads the document from the server
 * through the API, and shows whichever of the two copies is newer.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { doc, onSnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import {
  AUTOMATION_SETTINGS_DOC,
  automationSettingsReply,
  readAutomationSettings,
  readSettingsVersion,
  readStudioSettings,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  studioSettingsReply,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';
import { api } from '../../../shared/lib/api';
import { unlessSessionEnded } from '../../../shared/data/sessionCheck';

export interface LiveDoc<T> {
  status: 'loading' | 'error' | 'success';
  data: T | null;
  /** True once a saved document exists (false: defaults shown). */
  saved: boolean;
  /** The document's version (0 while nothing is saved): what a save sends back. */
  version: number;
  error?: Error;
}

function useLiveSettings<T>(id: string, read: (data: unknown) => T): LiveDoc<T> {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveDoc<T>>({ status: 'loading', data: null, saved: false, version: 0 });
  useEffect(
    () =>
      onSnapshot(
        doc(firestore, SETTINGS_COLLECTION, id),
        (d) =>
          setState({
            status: 'success',
            data: read(d.data()),
            saved: d.exists(),
            version: readSettingsVersion(d.data()),
          }),
        // A refusal after a logout elsewhere signs out instead (shared/data/sessionCheck.ts).
        unlessSessionEnded((error) => setState({ status: 'error', data: null, saved: false, version: 0, error })),
      ),
    [firestore, id, read],
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
  useVersionedSettings<StudioSettings>(useLiveSettings(STUDIO_SETTINGS_DOC, readStudioSettings), fetchStudio);
export const useAutomationSettings = () =>
  useVersionedSettings<AutomationSettings>(
    useLiveSettings(AUTOMATION_SETTINGS_DOC, readAutomationSettings),
    fetchAutomations,
  );

/**
 * A formatter for due days ("Dec 15, 2026") on the studio's clock (settings `timeZone`, UTC until it loads or
 * while nothing is saved). A picked due day is stored as its midnight in that zone (domain dueDayStart), so
 * formatting it in any other zone can show the day before or after. Call it once per page, not per card: it
 * listens to the studio settings document.
 */
export function useStudioDueDateFormat(): Intl.DateTimeFormat {
  const timeZone = useStudioSettings().data?.timeZone ?? 'UTC';
  return useMemo(
    () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }),
    [timeZone],
  );
}
