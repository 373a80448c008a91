/**
 * The dashboard's per-browser preferences, in localStorage:
 *
 * - `studio.crm.attentionDays`: after how many unchanged days an open lead is
 *   flagged "needs attention" (1–90, default ATTENTION_AFTER_DAYS);
 * - `studio.crm.insightsOpen`: whether the Insights panel is expanded.
 *
 * Per browser on purpose: they are viewing preferences of the one owner, so
 * they need no server call, no Firestore field and no security-rule change,
 * and they work offline. The cost: another browser or device starts from the
 * defaults, and clearing site data resets them.
 */
import { ATTENTION_AFTER_DAYS, parseAttentionDays } from '@studio/domain';
import { useStoredSetting, type StoredSetting } from '../../../shared/lib/useStoredSetting';

const ATTENTION_DAYS: StoredSetting<number> = {
  key: 'studio.crm.attentionDays',
  parse: parseAttentionDays,
  serialize: String,
  fallback: ATTENTION_AFTER_DAYS,
};

const INSIGHTS_OPEN: StoredSetting<boolean> = {
  key: 'studio.crm.insightsOpen',
  parse: (stored) => (stored === '1' ? true : stored === '0' ? false : null),
  serialize: (open) => (open ? '1' : '0'),
  fallback: false,
};

/** The "needs attention" threshold in days, and its setter (null restores the default). */
export const useAttentionDays = () => useStoredSetting(ATTENTION_DAYS);

/** Whether the Insights panel is open, and its setter. */
export const useInsightsOpen = () => useStoredSetting(INSIGHTS_OPEN);
