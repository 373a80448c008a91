/**
 * The studio settings documents, read live (one listener per document) and
 * parsed with the domain's readers: defaults while nothing is saved.
 */
import { useEffect, useState } from 'react';
import { doc, onSnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import {
  AUTOMATION_SETTINGS_DOC,
  readAutomationSettings,
  readStudioSettings,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  type AutomationSettings,
  type StudioSettings,
} from '@studio/domain';

export interface LiveDoc<T> {
  status: 'loading' | 'error' | 'success';
  data: T | null;
  /** True once a saved document exists (false: defaults shown). */
  saved: boolean;
  error?: Error;
}

function useLiveSettings<T>(id: string, read: (data: unknown) => T): LiveDoc<T> {
  const firestore = useFirestore();
  const [state, setState] = useState<LiveDoc<T>>({ status: 'loading', data: null, saved: false });
  useEffect(
    () =>
      onSnapshot(
        doc(firestore, SETTINGS_COLLECTION, id),
        (d) => setState({ status: 'success', data: read(d.data()), saved: d.exists() }),
        (error) => setState({ status: 'error', data: null, saved: false, error }),
      ),
    [firestore, id, read],
  );
  return state;
}

export const useLiveStudioSettings = (): LiveDoc<StudioSettings> =>
  useLiveSettings(STUDIO_SETTINGS_DOC, readStudioSettings);
export const useLiveAutomationSettings = (): LiveDoc<AutomationSettings> =>
  useLiveSettings(AUTOMATION_SETTINGS_DOC, readAutomationSettings);
