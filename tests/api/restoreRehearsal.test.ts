/**
 * The restore runbook (docs/operations.md "Restoring"), rehearsed on the emulators: a snapshot (the
 * Emulator Hub's export, as a backup is), then business after it (a payment, an erasure), then the
 * database put back to the snapshot (cleared, and the export imported through the Firestore emulator's
 * import), then the runbook's steps: the erasure records carried over, the Stripe event since the
 * snapshot resent, `npm run books:check -- --repair`, `npm run board:rebuild` and
 * `npm run client:data -- --erase-again`. Afterwards the books balance, the board has one right card per
 * lead and none else, the payment is back and the erased client is gone again.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, paymentDocSchema, requestId } from '@studio/domain';
import { checkBooks } from '../../functions/src/features/billing/checkBooks.js';
import { readBoardCards, storedBoardCard } from '../../functions/src/features/leads/leadBoardStore.js';
import { adminIdToken, api, db, eventually, PROJECT_ID } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { sendWebhook } from './paymentFixtures.js';

const ROOT = join(import.meta.dirname, '..', '..');
const HUB = 'http://127.0.0.1:4400';
const FIRESTORE = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}`;
const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;

const snapshotDir = mkdtempSync(join(tmpdir(), 'studio-restore-'));
afterAll(() => rmSync(snapshotDir, { recursive: true, force: true }));

let token: string;
beforeAll(async () => {
  token = await adminIdToken();
});

/** Runs `npm run <script> -- <args>` against the emulators; resolves its exit status and output. */
function npmRun(script: string, ...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env: process.env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (status) => resolve({ status, out }));
  });
}

/** POSTs `body` as JSON to an emulator's admin `url`; throws with the reply when it is not 2xx. */
async function emulatorCall(method: string, url: string, body?: object): Promise<void> {
  const res = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
}

/** The `payment_intent.succeeded` Stripe sends for the test-mode intent `pi` (the metadata the server gave it). */
async function succeededEvent(pi: string) {
  const p = paymentDocSchema.parse((await db.collection(COLLECTIONS.payments).doc(pi).get()).data());
  const metadata: Record<string, string> = { purpose: p.purpose };
  if (p.leadId) metadata.leadId = p.leadId;
  const amount = p.amountCents ?? 0;
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: pi, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', metadata },
    },
  };
}

const paymentStatus = async (pi: string) => (await db.collection(COLLECTIONS.payments).doc(pi).get()).get('status');
/** Lead `leadId`'s deposit request's stored status. */
const depositStatus = async (leadId: string) =>
  (await db.collection(COLLECTIONS.paymentRequests).doc(requestId(leadId, 'deposit')).get()).get('status');

/** Every lead with a different card on the board than its own, and every card whose lead is gone (the board as it reads: shards merged with the recent changes). */
async function boardFaults(): Promise<string[]> {
  const cards = new Map<string, string | null>(await readBoardCards(db));
  const faults: string[] = [];
  const leads = await db.collection(COLLECTIONS.leads).get();
  for (const lead of leads.docs) {
    const want = storedBoardCard(lead.id, lead.data());
    if ((cards.get(lead.id) ?? null) !== want) faults.push(`lead ${lead.id}: card ${cards.get(lead.id) ?? 'missing'}`);
    cards.delete(lead.id);
  }
  for (const id of cards.keys()) faults.push(`card ${id} of no lead`);
  return faults;
}

describe('restore rehearsal', () => {
  const tag = randomUUID().slice(0, 8);
  const paidEmail = `restore.paid.${tag}@example.com`;
  const erasedEmail = `restore.erased.${tag}@example.com`;
  let paidLead: string;
  let erasedLead: string;
  let pi: string;

  it('before the snapshot: a client at checkout, and a client who wrote in', async () => {
    paidLead = await storeLead(db, { name: 'Rhea Restore', email: paidEmail, subject: 'Restored shop' });
    const intent = await api('POST', '/api/create-payment-intent', { body: { leadId: paidLead } });
    expect(intent.status, JSON.stringify(intent.json)).toBe(200);
    pi = (intent.json as { paymentIntentId: string }).paymentIntentId;
    const contact = await api('POST', '/api/contact', {
      body: {
        name: 'Ezra Erased',
        email: erasedEmail,
        projectType: 'Web Project',
        subject: 'Erase me later',
        message: 'A shop, please.',
      },
    });
    expect(contact.status).toBe(201);
    erasedLead = await eventually(async () => {
      const q = await db.collection(COLLECTIONS.leads).where('email', '==', erasedEmail).get();
      return q.docs[0]?.id;
    }, 'the contact form’s lead');
    // The triggers have caught up before the snapshot is taken: the paying client's deposit request is issued
    // (a payment resent later then settles a request the snapshot holds) and the board matches both leads.
    await eventually(
      async () => (await db.collection(COLLECTIONS.paymentRequests).doc(requestId(paidLead, 'deposit')).get()).exists,
      'the deposit request to be issued',
    );
    await eventually(async () => (await boardFaults()).length === 0, 'the board to match the leads');
  });

  it('restores onto the database the functions read and puts back what happened since', async () => {
    // The snapshot: what a backup (or an export) holds.
    await emulatorCall('POST', `${HUB}/_admin/export`, {
      path: snapshotDir,
      initiatedBy: 'restore-rehearsal',
      targets: ['firestore'],
    });

    // After the snapshot: the client pays, and the other client is erased.
    const paid = await succeededEvent(pi);
    expect((await sendWebhook(paid)).status).toBe(200);
    expect(await paymentStatus(pi)).toBe('succeeded');
    // Settled in the payment's own transaction: paid as soon as the webhook is answered, with no trigger to wait for.
    expect(await depositStatus(paidLead)).toBe('paid');
    const erase = await api('POST', '/api/clients/erase', {
      token,
      body: { email: erasedEmail, confirmEmail: erasedEmail },
    });
    expect(erase.status, JSON.stringify(erase.json)).toBe(200);
    expect((await db.collection(COLLECTIONS.leads).doc(erasedLead).get()).exists).toBe(false);

    // Runbook: the erasure records are saved before the database is replaced…
    const requests = (await db.collection(COLLECTIONS.clientDataRequests).get()).docs.map((d) => ({
      id: d.id,
      data: d.data(),
    }));

    // …the database is replaced by the snapshot…
    await emulatorCall('DELETE', `${FIRESTORE}/emulator/v1/${DATABASE}/documents`);
    await emulatorCall('POST', `${FIRESTORE}/emulator/v1/projects/${PROJECT_ID}:import`, {
      database: DATABASE,
      // The emulator's import takes the export's metadata file (the name firebase-tools gives it).
      export_directory: join(snapshotDir, 'firestore_export', 'firestore_export.overall_export_metadata'),
    });
    // …which brings the erased client back and forgets the payment.
    expect((await db.collection(COLLECTIONS.leads).doc(erasedLead).get()).get('email')).toBe(erasedEmail);
    expect(await paymentStatus(pi)).not.toBe('succeeded');

    // …and the erasure records are imported again (production: the export of client_data_requests).
    const batch = db.batch();
    for (const r of requests) batch.set(db.collection(COLLECTIONS.clientDataRequests).doc(r.id), r.data);
    await batch.commit();

    // Stripe's events since the snapshot, resent: the payment is recorded again.
    expect((await sendWebhook(paid)).status).toBe(200);
    expect(await paymentStatus(pi)).toBe('succeeded');
    expect(await depositStatus(paidLead)).toBe('paid');

    const books = await npmRun('books:check', '--emulator', '--repair');
    expect(books.status, books.out).toBe(0);
    expect(books.out).toMatch(/books: 0 mismatches/);
    const board = await npmRun('board:rebuild', '--emulator');
    expect(board.status, board.out).toBe(0);
    const again = await npmRun('client:data', '--emulator', '--erase-again');
    expect(again.status, again.out).toBe(0);
    expect(again.out).toContain(`✔ ${erasedEmail}: Client erased`);

    // Whole again: the books balance, the board has one right card per lead, the erased client is gone.
    const check = await checkBooks(db);
    expect(check.mismatches).toEqual([]);
    expect(await boardFaults()).toEqual([]);
    expect((await db.collection(COLLECTIONS.leads).doc(erasedLead).get()).exists).toBe(false);
    expect((await db.collection(COLLECTIONS.leads).where('email', '==', erasedEmail).get()).empty).toBe(true);
    expect((await db.collection(COLLECTIONS.leads).doc(paidLead).get()).exists).toBe(true);

    // A second run finds nobody to erase.
    const twice = await npmRun('client:data', '--emulator', '--erase-again');
    expect(twice.status, twice.out).toBe(0);
    expect(twice.out).toContain('0 erased clients found again');
  }, 180_000);
});
