/**
 * npm run admin:create -- --username U --password P [--project ID | --emulator] [--update]
 *
 * Creates an admin: the Firebase Auth user (username mapped to an email),
 * the `admin` custom claim and the `users` doc (no password in Firestore).
 * The password needs at least 12 characters (domain ADMIN_PASSWORD_MIN_LENGTH).
 * `--update` sets a new password on an existing admin only: an account at
 * that address without the admin claim, or with any sign-in method besides
 * password, is refused (exit 1, the message says to delete it and create it
 * again), since an account someone else made there may carry their sign-in.
 * Target: the emulators when FIRESTORE_EMULATOR_HOST is set or --emulator is
 * passed; otherwise a real project given by --project (or GCLOUD_PROJECT),
 * with Application Default Credentials (`gcloud auth application-default login`).
 * `--help` prints the usage and exits 0.
 */
import { parseArgs } from 'node:util';
import { ADMIN_PASSWORD_MIN_LENGTH } from '@studio/domain';
import { AdminUserError, createAdminUser } from '../functions/src/features/auth/adminUsers.js';
import { targetProject } from './targetProject.js';

const USAGE = `usage: npm run admin:create -- --username U --password P [--project ID | --emulator] [--update]

Creates the admin U (Firebase Auth user with the admin claim, and its users document).
  --username U    3-64 letters, digits, dots, dashes or underscores
  --password P    at least ${ADMIN_PASSWORD_MIN_LENGTH} characters
  --project ID    the real project (Application Default Credentials: gcloud auth application-default login)
  --emulator      the local emulators (also when FIRESTORE_EMULATOR_HOST is set)
  --update        set a new password on an existing admin that signs in by password alone
  --help          this text`;

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

let values: {
  username?: string;
  password?: string;
  project?: string;
  emulator: boolean;
  update: boolean;
  help: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      project: { type: 'string' },
      emulator: { type: 'boolean', default: false },
      update: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.username || !values.password) fail(USAGE);
const { projectId, onEmulator } = targetProject(values);
if (!projectId) fail('name the project with --project ID (or pass --emulator).');
if (onEmulator && !process.env.FIREBASE_AUTH_EMULATOR_HOST)
  fail('FIRESTORE_EMULATOR_HOST is set but FIREBASE_AUTH_EMULATOR_HOST is not.');

// The Admin SDK loads only for a real run: --help and usage errors need no credentials.
const { initializeApp } = await import('firebase-admin/app');
const { getAuth } = await import('firebase-admin/auth');
const { getFirestore } = await import('firebase-admin/firestore');
const app = initializeApp({ projectId });
try {
  const uid = await createAdminUser(
    { auth: getAuth(app), db: getFirestore(app) },
    {
      username: values.username,
      password: values.password,
      update: values.update,
    },
  );
  console.log(
    `admin:create: admin "${values.username.toLowerCase()}" ready (uid ${uid}) on ${onEmulator ? 'the emulators' : projectId}.`,
  );
  process.exit(0);
} catch (e) {
  fail(e instanceof AdminUserError ? e.message : String((e as Error).message ?? e));
}
