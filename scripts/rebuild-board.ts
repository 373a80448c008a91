/**
 * npm run board:rebuild [-- --project ID | --emulator] [--shards N]
 *
 * Rewrites the CRM board's projection (`lead_board`, domain/leadBoard.ts)
 * from every lead: once after the first deploy of the board onto existing
 * leads, to repair it, or with `--shards N` to spread it over more shards
 * when the dashboard says the board needs a rebuild (the count is kept in
 * `lead_board/_meta`; docs/operations.md "Board capacity"). Afterwards the
 * `syncLeadBoard` trigger keeps it current. Run it while nobody edits leads (a lead written meanwhile may
 * keep a stale card until its next change).
 * Target: see ./targetProject.ts (the emulators, or a real project by --project).
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildLeadBoard } from '../functions/src/features/leads/leadBoardStore.js';
import { targetProject } from './targetProject.js';
import { parseArgsOrExit } from './cliArgs.js';

const USAGE = `
Usage: npm run board:rebuild -- (--emulator | --project ID) [--shards N]

Rewrites the CRM board's projection (lead_board) from every lead. Run it while nobody edits leads.

  --emulator     the running emulators (npm start; FIRESTORE_EMULATOR_HOST when set)
  --project ID   a real project, with Application Default Credentials
  --shards N     spread the board over N shards (docs/operations.md "Board capacity")
  -h, --help     this text
`;

const { values } = parseArgsOrExit('board:rebuild', USAGE, {
  options: { project: { type: 'string' }, emulator: { type: 'boolean', default: false }, shards: { type: 'string' } },
});
const { projectId, onEmulator } = targetProject(values);
if (!projectId) {
  console.error('board:rebuild: name the project with --project ID (or pass --emulator).');
  process.exit(1);
}
try {
  const { leads, shards } = await rebuildLeadBoard(
    getFirestore(initializeApp({ projectId })),
    values.shards === undefined ? {} : { shards: Number(values.shards) },
  );
  console.log(
    `board:rebuild: ${leads} leads written into ${shards} lead_board shards on ${onEmulator ? 'the emulators' : projectId}.`,
  );
  process.exit(0);
} catch (e) {
  console.error(`board:rebuild: ${(e as Error).message ?? e}`);
  process.exit(1);
}
