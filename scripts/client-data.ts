/**
 * npm run client:data -- --email ADDRESS (--export FILE | --erase) [--project ID | --emulator]
 * npm run client:data -- --erase-again [--project ID | --emulator]
 *
 * The terminal's way to the CRM's client data routes
 * (functions/src/features/client-data): `--export FILE` writes everything
 * stored about the address to FILE as JSON; `--erase` deletes it and
 * anonymises what the books keep (asks for the address again unless
 * `--yes`). Both are recorded in `client_data_requests`. Prints the client's
 * Stripe Customer ids, to delete in Stripe's dashboard (docs/operations.md
 * "Client data: export and erasure").
 * `--erase-again`, after a restore, erases again every client whose erasure
 * `client_data_requests` records (features/client-data/eraseAgain.ts;
 * docs/operations.md "Restoring").
 * Target: see ./targetProject.ts (the emulators, or a real project by --project
 * with Application Default Credentials).
 */
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { getFirestore } from 'firebase-admin/firestore';
import { clientEraseSchema, clientExportSchema } from '@studio/domain';
import { targetProject } from './targetProject.js';
import { parseArgsOrExit } from './cliArgs.js';

const USAGE = `
Usage: npm run client:data -- --email ADDRESS (--export FILE | --erase [--yes]) (--emulator | --project ID)
       npm run client:data -- --erase-again (--emulator | --project ID)

A client's data, by email address: --export writes everything stored about it to FILE as JSON;
--erase deletes it and anonymises what the books keep (asks for the address again unless --yes).
Both are recorded in client_data_requests. --erase-again, after a restore, erases again every client
whose erasure client_data_requests records (docs/operations.md "Restoring").

  --emulator     the running emulators (npm start; FIRESTORE_EMULATOR_HOST when set)
  --project ID   a real project, with Application Default Credentials
  -h, --help     this text
`;

const { values } = parseArgsOrExit('client:data', USAGE, {
  options: {
    project: { type: 'string' },
    emulator: { type: 'boolean', default: false },
    email: { type: 'string' },
    export: { type: 'string' },
    erase: { type: 'boolean', default: false },
    'erase-again': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
  },
});
const fail = (message: string): never => {
  console.error(`client:data: ${message}`);
  process.exit(1);
};
const { projectId, onEmulator } = targetProject(values);
if (!projectId) fail('name the project with --project ID (or pass --emulator).');
// The functions' code this runs initialises the default app as it is imported (platform/firebase.ts), without
// options, and its start-up guard reads the project from the environment: so the project is named there, and
// that code imported only then. (A second app of the same name with options would be refused.)
process.env.GCLOUD_PROJECT = projectId;
const { eraseClient, exportClientData } = await import('../functions/src/features/client-data/clientData.js');
const { eraseAgain } = await import('../functions/src/features/client-data/eraseAgain.js');
const db = getFirestore();
const actor = { uid: 'script', username: `script:${userInfo().username}` };
const where = onEmulator ? 'the emulators' : projectId;

/** --erase-again: prints one line per address erased again (or why not) and exits 1 when any failed. */
async function eraseAgainAndExit(): Promise<never> {
  try {
    const results = await eraseAgain({ db }, actor, () => new Date());
    for (const r of results)
      console.log('error' in r ? `✖ ${r.email}: ${r.error}` : `✔ ${r.email}: ${r.erased.message}`);
    const failed = results.filter((r) => 'error' in r).length;
    console.log(
      `client:data: ${results.length - failed} erased clients found again and erased on ${where}${failed ? `, ${failed} failed` : ''}`,
    );
    process.exit(failed ? 1 : 0);
  } catch (e) {
    return fail((e as Error).message ?? String(e));
  }
}
if (values['erase-again']) {
  if (values.email || values.export || values.erase) fail('--erase-again takes no --email, --export or --erase.');
  await eraseAgainAndExit();
}
if (!values.email) fail('name the client with --email ADDRESS.');
if (Boolean(values.export) === values.erase) fail('pass exactly one of --export FILE and --erase.');
const parsed = clientExportSchema.safeParse({ email: values.email });
if (!parsed.success) fail(`"${values.email}" is not an email address.`);
const email = parsed.data!.email;

try {
  if (values.export) {
    const data = await exportClientData({ db }, email, actor, () => new Date());
    writeFileSync(values.export, `${JSON.stringify(data, null, 2)}\n`);
    const counts = Object.entries(data.collections).map(([c, l]) => `${c} ${l.length}`);
    console.log(`client:data: exported ${counts.join(', ') || 'nothing'} from ${where} to ${values.export}`);
    if (data.stripeCustomerIds.length) console.log(`Stripe Customers: ${data.stripeCustomerIds.join(', ')}`);
  } else {
    if (!values.yes) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      const again = await rl.question(`Erase every record of ${email} on ${where}? Type the address again: `);
      rl.close();
      if (!clientEraseSchema.safeParse({ email, confirmEmail: again.trim() }).success) fail('the addresses differ.');
    }
    const r = await eraseClient({ db }, email, actor, () => new Date());
    console.log(`client:data: ${r.message}`);
    console.log(`deleted: ${JSON.stringify(r.deleted)}`);
    console.log(`anonymised: ${JSON.stringify(r.anonymised)}`);
    if (r.stripeCustomerIds.length) console.log(`Stripe Customers deleted: ${r.stripeCustomerIds.join(', ')}`);
  }
  process.exit(0);
} catch (e) {
  fail((e as Error).message ?? String(e));
}
