/**
 * npm run books:check [-- --project ID | --emulator] [--repair]
 *
 * Recomputes every invoice's, payment request's and order's balance from the
 * ledger and checks every succeeded payment and every total kept beside the
 * ledger against it, and holds every entry to the books' rules (domain
 * ledgerRules: a broken one is a mismatch starting with the rule's name,
 * e.g. `refund-exceeds-payment: ledger entry …`)
 * (functions/src/features/billing/checkBooks.ts). Prints each mismatch and
 * ends with "books: N mismatches"; exits 1 when N > 0.
 * Overpayments are listed for review. Read-only, unless `--repair`: then the
 * kept sums that disagree (a document's `ledgerCents`, a payment entry's
 * `refundedCents`, a month's `ledger_months` totals; documents written before
 * the sums have none) are rewritten from the entries first, once after
 * deploying them onto existing books, and the books are checked again.
 * Target: see ./targetProject.ts (the emulators, or a real project by --project).
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { checkBooks, repairKeptSums } from '../functions/src/features/billing/checkBooks.js';
import { targetProject } from './targetProject.js';
import { parseArgsOrExit } from './cliArgs.js';

const USAGE = `
Usage: npm run books:check -- (--emulator | --project ID) [--repair]

Recomputes every balance from the ledger and checks the totals kept beside it; prints each
mismatch and "books: N mismatches", exits 1 when N > 0. Read-only unless --repair.

  --emulator     the running emulators (npm start; FIRESTORE_EMULATOR_HOST when set)
  --project ID   a real project, with Application Default Credentials
                 (gcloud auth application-default login)
  --repair       first rewrite the kept sums that disagree from the ledger entries, then check
  -h, --help     this text
`;

const { values } = parseArgsOrExit('books:check', USAGE, {
  options: {
    project: { type: 'string' },
    emulator: { type: 'boolean', default: false },
    repair: { type: 'boolean', default: false },
  },
});
const { projectId, onEmulator } = targetProject(values);
if (!projectId) {
  console.error('books:check: name the project with --project ID (or pass --emulator).');
  process.exit(1);
}
try {
  const db = getFirestore(initializeApp({ projectId }));
  let r = await checkBooks(db);
  if (values.repair && r.keptSums.length > 0) {
    console.log(`books: rewrote ${await repairKeptSums(db, r.keptSums)} kept sums and month totals from the ledger`);
    r = await checkBooks(db);
  }
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
