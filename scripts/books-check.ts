/**
 * npm run books:check [-- --project ID | --emulator]
 *
 * Recomputes every invoice's, payment request's and order's balance from the
 * ledger and checks every succeeded payment against it
 * (functions/src/features/billing/checkBooks.ts). Prints each mismatch and
 * ends with "books: N mismatches"; exits 1 when N > 0. Overpayments are
 * listed for review. Read-only.
 * Target: see ./targetProject.ts (the emulators, or a real project by --project).
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { checkBooks } from '../functions/src/features/billing/checkBooks.js';
import { targetProject } from './targetProject.js';

const { values } = parseArgs({
  options: { project: { type: 'string' }, emulator: { type: 'boolean', default: false } },
});
const { projectId, onEmulator } = targetProject(values);
if (!projectId) {
  console.error('books:check: name the project with --project ID (or pass --emulator).');
  process.exit(1);
}
try {
  const r = await checkBooks(getFirestore(initializeApp({ projectId })));
  for (const m of r.mismatches) console.log(`✖ ${m}`);
  for (const o of r.overpaid) console.log(`! to review: ${o}`);
  console.log(
    `books: ${r.mismatches.length} mismatches (${r.documents} documents, ${r.payments} succeeded payments, ${r.entries} ledger entries on ${onEmulator ? 'the emulators' : projectId})`,
  );
  process.exit(r.mismatches.length > 0 ? 1 : 0);
} catch (e) {
  console.error(`books:check: ${(e as Error).message ?? e}`);
  process.exit(1);
}
