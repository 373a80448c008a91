/**
 * The board's capacity guard seen by the admin: when the server
 * could not write a lead's card (a full shard), `lead_board/_meta` says the
 * board needs a rebuild and the dashboard says so, live; a rebuild clears it.
 */
import { expect, test } from './support/test.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { LEAD_BOARD_COLLECTION, LEAD_BOARD_META_ID } from '@studio/domain';
import { loginAsAdmin } from './support/admin.js';

const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' }));
const meta = db.collection(LEAD_BOARD_COLLECTION).doc(LEAD_BOARD_META_ID);
const NOTICE = 'The board needs a rebuild: some leads could not be added to it.';

test.afterAll(async () => {
  await meta.set({ needsRebuild: false, failedLeadIds: [] }, { merge: true });
});

test('the dashboard shows, live, that the board needs a rebuild, and stops once it is rebuilt', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByTestId('column-New')).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  // What syncLeadBoard records when Firestore refuses a card.
  await meta.set({ needsRebuild: true, failedLeadIds: FieldValue.arrayUnion('e2e-refused-lead') }, { merge: true });
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toBeVisible();
  await expect(page.getByTestId('column-New')).toBeVisible(); // the board itself still shows

  // What a rebuild records.
  await meta.set({ needsRebuild: false, failedLeadIds: [] }, { merge: true });
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
