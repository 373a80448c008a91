/**
 * The raw-access rule of eslint.config.js ("A typed store per collection"): outside `*Store.ts` files, every
 * server slice, a new one included, and the kernel may not reach Firestore documents themselves. Checked with
 * ESLint's Node API on code given for paths that need not exist, with the repo's own config.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The raw-access messages ESLint gives `code` as if it were the file at `path`. */
async function rawAccess(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const RAW = `
import type { Firestore, DocumentSnapshot } from 'firebase-admin/firestore';
const FIELD = 'status';
export async function f(db: Firestore, snap: DocumentSnapshot, id: string) {
  const a = db.collection('leads');
  const b = db.doc('leads/' + id);
  const c = snap.get(FIELD);
  const d = snap.get(\`sta\${'tus'}\`);
  const e = snap.get('status');
  const g = snap.data();
  return [a, b, c, d, e, g];
}
`;

describe('the raw-access lint rule', () => {
  it('refuses each raw access in a slice that did not exist when the rule was written', async () => {
    expect(await rawAccess(RAW, 'functions/src/features/brand-new-slice/useCase.ts')).toHaveLength(6);
  });

  it('covers the files directly under features/ and the kernel', async () => {
    expect(await rawAccess(RAW, 'functions/src/features/contract.ts')).toHaveLength(6);
    expect(await rawAccess(RAW, 'functions/src/shared/kernel.ts')).toHaveLength(6);
  });

  it("leaves a slice's store, a transaction's get and an Express route alone", async () => {
    expect(await rawAccess(RAW, 'functions/src/features/brand-new-slice/newStore.ts')).toEqual([]);
    const allowed = `
import type { Transaction, DocumentReference } from 'firebase-admin/firestore';
import express from 'express';
export async function f(tx: Transaction, ref: DocumentReference) {
  const r = express.Router();
  r.get('/x', (_req, res) => res.end());
  return tx.get(ref);
}
`;
    expect(await rawAccess(allowed, 'functions/src/features/brand-new-slice/useCase.ts')).toEqual([]);
  });
});
