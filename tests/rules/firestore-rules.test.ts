/**
 * Security rules matrix (issues 2 and 10): every collection × every caller ×
 * {get, list, create, update, delete}, each cell asserted. Deny by default;
 * only the admin claim reads CRM data; nobody writes from the browser, the
 * admin included (and not with forbidden fields either: every write goes
 * through /api). Then the sessions a logout ended: an admin token signed in
 * before (or in the second of) the admin's revocation time reads nothing, one
 * signed in after reads, and only the admin itself reads that time. Writes
 * the cell count and the emulator's rules coverage to test-results/ for
 * `npm run report:security`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { COLLECTIONS } from '@studio/domain';

// Denied writes are the point of these tests; keep the SDK from logging each one.
setLogLevel('silent');

/** Collections the admin reads live (firestore.rules lists each). */
const CRM_COLLECTIONS = [
  'leads',
  'contacts',
  'notes',
  'projects',
  'promo_codes',
  'orders',
  'payments',
  'invoices',
  'users',
  'lead_activity',
  'lead_board',
  'quote_versions',
  'quote_acceptances',
  'email_templates',
  'email_log',
  'settings',
  'payment_requests',
  'reminders',
  'ledger_entries',
  'ledger_months',
  'subscriptions',
  'proposals',
  'proposal_events',
];
/** Server-only collections (token hashes, queued emails, webhook ledger, limiter counters, idempotency keys) and anything unlisted. */
const SERVER_ONLY = [
  'quote_links',
  'outbox',
  'stripe_events',
  'rate_limits',
  'counters',
  'idempotency_keys',
  'email_suppressions',
  'client_data_requests',
  'anything_else',
];
/**
 * Collections whose documents only their own user reads (tested in "sessions ended by a logout"): the matrix's
 * probe document is nobody's, so every cell of theirs is denied.
 */
const OWN_DOCUMENT_ONLY = [COLLECTIONS.adminSessions];
const ALL_COLLECTIONS = [...CRM_COLLECTIONS, ...SERVER_ONLY, ...OWN_DOCUMENT_ONLY];

const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-studio';
const [HOST, PORT] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: HOST!, port: Number(PORT) },
  });
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (const c of ALL_COLLECTIONS)
      await setDoc(doc(ctx.firestore(), c, 'rules-probe'), { probe: true, status: 'New' });
  });
});

const CALLERS = {
  anonymous: () => env.unauthenticatedContext().firestore(),
  'signed-in non-admin': () => env.authenticatedContext('user-1', { email: 'user@example.com' }).firestore(),
  'admin claim as a string': () => env.authenticatedContext('user-2', { admin: 'true' }).firestore(),
  admin: () => env.authenticatedContext('admin-1', { admin: true }).firestore(),
  'admin sending forbidden fields': () => env.authenticatedContext('admin-1', { admin: true }).firestore(),
} as const;
type Caller = keyof typeof CALLERS;

/** The data each caller writes: the last one tries fields only the server may set. */
const payload = (who: Caller) =>
  who === 'admin sending forbidden fields'
    ? { status: 'Complete', quoteAmountCents: 1, stripeDepositPaymentId: 'pi_forged', usedCount: 0, admin: true }
    : { note: 'hello' };

const OPS = {
  get: (db: Firestore, c: string) => getDoc(doc(db, c, 'rules-probe')),
  list: (db: Firestore, c: string) => getDocs(collection(db, c)),
  create: (db: Firestore, c: string, who: Caller) => setDoc(doc(db, c, `new-${who.replace(/\W/g, '-')}`), payload(who)),
  update: (db: Firestore, c: string, who: Caller) => updateDoc(doc(db, c, 'rules-probe'), payload(who)),
  delete: (db: Firestore, c: string) => deleteDoc(doc(db, c, 'rules-probe')),
} as const;
type Op = keyof typeof OPS;

/** The matrix's expectation: only the admin (a boolean claim) reads, and only CRM collections. */
const allowed = (c: string, who: Caller, op: Op) =>
  (op === 'get' || op === 'list') &&
  CRM_COLLECTIONS.includes(c) &&
  (who === 'admin' || who === 'admin sending forbidden fields');

let cells = 0;

describe('the matrix', () => {
  it('covers every top-level collection the code names, so a new one must be classified here', () => {
    const classified = new Set<string>(ALL_COLLECTIONS);
    const topLevel = Object.values(COLLECTIONS).filter((c) => c !== COLLECTIONS.promoCustomers);
    expect(topLevel.filter((c) => !classified.has(c))).toEqual([]);
  });
});

describe.each(ALL_COLLECTIONS)('%s', (c) => {
  it.each(Object.keys(CALLERS) as Caller[])('%s: get, list, create, update, delete', async (who) => {
    for (const op of Object.keys(OPS) as Op[]) {
      const attempt: Promise<unknown> = OPS[op](CALLERS[who]() as unknown as Firestore, c, who);
      if (allowed(c, who, op)) await assertSucceeds(attempt);
      else await assertFails(attempt);
      cells++;
    }
  });
});

describe('sessions ended by a logout (admin_sessions/{uid}, written by the server at logout)', () => {
  /** The logout's revocation time, whole seconds like the token's auth_time. */
  const R = 1_790_000_000;
  const sessions = COLLECTIONS.adminSessions;
  /** Firestore of `uid` holding a token with `claims` (auth_time in seconds). */
  const as = (uid: string, claims: Record<string, unknown>) =>
    env.authenticatedContext(uid, claims).firestore() as unknown as Firestore;
  /** Reads of the CRM that an ended session must not make: leads, settings and the board, one document and a list. */
  const crmReads = (db: Firestore) =>
    [COLLECTIONS.leads, COLLECTIONS.settings, COLLECTIONS.leadBoard].flatMap((c) => [
      () => OPS.get(db, c),
      () => OPS.list(db, c),
    ]);
  /** Makes each attempt only when its assertion awaits it: a refusal nobody awaits yet is an unhandled rejection. */
  const expectAll = async (attempts: Array<() => Promise<unknown>>, allowed: boolean) => {
    for (const attempt of attempts) {
      if (allowed) await assertSucceeds(attempt());
      else await assertFails(attempt());
      cells++;
    }
  };

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      await setDoc(doc(db, sessions, 'admin-out'), { revokedAtSeconds: R });
      // A non-admin's (the server writes none; as if it had): it must not make a non-admin a reader.
      await setDoc(doc(db, sessions, 'user-out'), { revokedAtSeconds: R });
      // A revocation whose time does not read as a number: the rules fail closed.
      await setDoc(doc(db, sessions, 'admin-garbled'), { revokedAtSeconds: 'yesterday' });
    });
  });

  it('an admin token signed in before the logout reads nothing: leads, settings, board', async () => {
    await expectAll(crmReads(as('admin-out', { admin: true, auth_time: R - 3600 })), false);
  });

  it('an admin token signed in in the very second of the logout reads nothing (it may be the old one)', async () => {
    await expectAll(crmReads(as('admin-out', { admin: true, auth_time: R })), false);
  });

  it('an admin token signed in after the logout reads', async () => {
    await expectAll(crmReads(as('admin-out', { admin: true, auth_time: R + 1 })), true);
  });

  it('a non-admin signed in after a revocation of its own is still denied', async () => {
    await expectAll(crmReads(as('user-out', { auth_time: R + 1 })), false);
    await expectAll(crmReads(as('user-out', { admin: 'true', auth_time: R + 1 })), false);
  });

  it('an admin whose revocation time is not a number reads nothing, and one without auth_time neither', async () => {
    await expectAll(crmReads(as('admin-garbled', { admin: true, auth_time: R + 1 })), false);
    await expectAll(crmReads(as('admin-out', { admin: true, auth_time: null })), false);
  });

  it('the admin reads its own revocation time, also with the token it ended', async () => {
    for (const auth_time of [R - 3600, R, R + 1])
      await expectAll([() => getDoc(doc(as('admin-out', { admin: true, auth_time }), sessions, 'admin-out'))], true);
  });

  it('nobody else reads it: another admin, a non-admin (its own either), anonymous', async () => {
    await expectAll(
      [
        () => getDoc(doc(as('admin-2', { admin: true, auth_time: R + 1 }), sessions, 'admin-out')),
        () => getDoc(doc(as('user-out', { auth_time: R + 1 }), sessions, 'user-out')),
        () => getDoc(doc(as('user-out', { admin: 'true', auth_time: R + 1 }), sessions, 'user-out')),
        () => getDoc(doc(as('user-1', {}), sessions, 'admin-out')),
        () => getDoc(doc(env.unauthenticatedContext().firestore() as unknown as Firestore, sessions, 'admin-out')),
      ],
      false,
    );
  });

  it('nobody lists the revocations, the admin included', async () => {
    await expectAll([() => getDocs(collection(as('admin-out', { admin: true, auth_time: R + 1 }), sessions))], false);
  });

  it('the ended token cannot undo its revocation: no create, update or delete, the admin own included', async () => {
    for (const auth_time of [R - 3600, R + 1]) {
      const db = as('admin-out', { admin: true, auth_time });
      await expectAll(
        [
          () => updateDoc(doc(db, sessions, 'admin-out'), { revokedAtSeconds: 0 }),
          () => setDoc(doc(db, sessions, 'admin-out'), { revokedAtSeconds: 0 }),
          () => deleteDoc(doc(db, sessions, 'admin-out')),
          () => setDoc(doc(db, sessions, 'admin-new'), { revokedAtSeconds: 0 }),
        ],
        false,
      );
    }
  });

  afterAll(async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      for (const id of ['admin-out', 'user-out', 'admin-garbled']) await deleteDoc(doc(ctx.firestore(), sessions, id));
    });
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (const c of ALL_COLLECTIONS) await deleteDoc(doc(ctx.firestore(), c, 'rules-probe'));
  });
  await env.cleanup();
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/security-rules.json',
    JSON.stringify({
      cells,
      collections: ALL_COLLECTIONS.length,
      callers: Object.keys(CALLERS).length,
      operations: Object.keys(OPS).length,
    }),
  );
});

describe('rules coverage', () => {
  // Runs after the matrix (vitest runs a file's tests in order).
  it('every allow expression in firestore.rules was evaluated by the matrix', async () => {
    const res = await fetch(`http://${HOST}:${PORT}/emulator/v1/projects/${PROJECT}:ruleCoverage`);
    expect(res.ok).toBe(true);
    const report = (await res.json()) as { report?: unknown };
    writeFileSync('test-results/rules-coverage.json', JSON.stringify(report));
    // Each `allow … if <condition>` line of the rules file must appear among the evaluated
    // expressions. The emulator records no value for the constant `if false` of the
    // default deny; the matrix's denied cells are what prove that one.
    const rulesLines = readFileSync('firestore.rules', 'utf8').split('\n');
    const allowLines = rulesLines.flatMap((l, i) =>
      /\ballow\b.*\bif\b/.test(l) && !/\bif false;/.test(l) ? [i + 1] : [],
    );
    const hit = new Set<number>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node && typeof node === 'object') {
        const n = node as { sourcePosition?: { line?: number }; values?: unknown[] };
        if (n.sourcePosition?.line && Array.isArray(n.values) && n.values.length > 0) hit.add(n.sourcePosition.line);
        Object.values(node).forEach(walk);
      }
    };
    walk(report);
    const missed = allowLines.filter((l) => !hit.has(l));
    writeFileSync(
      'test-results/rules-coverage-summary.json',
      JSON.stringify({ allowLines: allowLines.length, missed }),
    );
    expect(missed, `allow lines never evaluated: ${missed.join(', ')}`).toEqual([]);
  });
});
