/**
 * Cloud Storage rules: every browser access is denied (lead files go through
 * /api with the Admin SDK), and `firebase deploy` releases them.
 *
 * Read as text, not evaluated: the Storage emulator needs a rules-runtime JAR
 * that firebase-tools downloads from Google storage at every start, which
 * these machines cannot reach (shared notes "firebase-offline"), so
 * @firebase/rules-unit-testing has no emulator to ask. The file is small
 * enough that its whole meaning is checked: one service, one match over
 * every path, one rule that is `if false`, and nothing else that allows.
 * `npm run preflight` checks that a real project runs exactly this file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deploySteps } from '../../scripts/deploy.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** The rules without comments, whitespace collapsed. */
const code = readFileSync(join(ROOT, 'storage.rules'), 'utf8')
  .replace(/\/\/.*$/gm, '')
  .replace(/\s+/g, ' ')
  .trim();

describe('storage.rules', () => {
  it('denies every read and write on every path of every bucket, and allows nothing else', () => {
    expect(code).toBe(
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{allPaths=**} { allow read, write: if false; } } }",
    );
    expect(code.match(/\ballow\b/g)).toHaveLength(1);
  });

  it('is deployed: firebase.json names it and npm run deploy releases it with the Firestore rules', () => {
    const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { storage?: { rules?: string } };
    expect(firebase.storage).toEqual({ rules: 'storage.rules' });
    const first = deploySteps('studio-real-123')[0]!.args;
    expect(first[first.indexOf('--only') + 1]!.split(',')).toContain('storage');
  });
});
