/**
 * Security rules matrix (issue 2): anonymous, signed-in non-admin and admin
 * against every collection, for reads and writes. Deny by default; only the
 * admin claim reads CRM data; nobody writes from the browser.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, setLogLevel, updateDoc } from 'firebase/firestore';

// Denied writes are the point of these tests; keep the SDK from logging each one.
setLogLevel('silent');

const CRM_COLLECTIONS = ['leads', 'contacts', 'notes', 'projects', 'promo_codes', 'orders', 'payments', 'invoices', 'users', 'lead_activity', 'quote_versions', 'quote_acceptances', 'email_templates', 'email_log'];
const OTHER = ['quote_links', 'outbox', 'stripe_events', 'rate_limits', 'anything_else'];

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: host!, port: Number(port) },
  });
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (const c of [...CRM_COLLECTIONS, ...OTHER]) await setDoc(doc(ctx.firestore(), c, 'rules-probe'), { probe: true });
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (const c of [...CRM_COLLECTIONS, ...OTHER]) await deleteDoc(doc(ctx.firestore(), c, 'rules-probe'));
  });
  await env.cleanup();
});

const callers = {
  anonymous: () => env.unauthenticatedContext().firestore(),
  nonAdmin: () => env.authenticatedContext('user-1', { email: 'user@example.com' }).firestore(),
  fakeAdminString: () => env.authenticatedContext('user-2', { admin: 'true' }).firestore(),
  admin: () => env.authenticatedContext('admin-1', { admin: true }).firestore(),
};

describe.each(CRM_COLLECTIONS)('CRM collection %s', (name) => {
  it('anonymous and non-admin callers cannot read', async () => {
    for (const who of ['anonymous', 'nonAdmin', 'fakeAdminString'] as const) {
      await assertFails(getDoc(doc(callers[who](), name, 'rules-probe')));
      await assertFails(getDocs(collection(callers[who](), name)));
    }
  });

  it('the admin reads one doc and the list', async () => {
    await assertSucceeds(getDoc(doc(callers.admin(), name, 'rules-probe')));
    await assertSucceeds(getDocs(collection(callers.admin(), name)));
  });

  it('nobody writes from the browser, the admin included', async () => {
    for (const who of Object.keys(callers) as Array<keyof typeof callers>) {
      const db = callers[who]();
      await assertFails(setDoc(doc(db, name, `new-${who}`), { x: 1 }));
      await assertFails(updateDoc(doc(db, name, 'rules-probe'), { probe: false }));
      await assertFails(deleteDoc(doc(db, name, 'rules-probe')));
    }
  });
});

describe.each(OTHER)('other collection %s', (name) => {
  it('is closed to everyone, the admin included', async () => {
    for (const who of Object.keys(callers) as Array<keyof typeof callers>) {
      const db = callers[who]();
      await assertFails(getDoc(doc(db, name, 'rules-probe')));
      await assertFails(setDoc(doc(db, name, 'x'), { x: 1 }));
    }
  });
});
