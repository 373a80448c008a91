/**
 * npm run admin:create -- --username U --password P [--update]
 *
 * Creates an admin: the Firebase Auth user (username mapped to an email),
 * the `admin` custom claim and the `users` doc (no password in Firestore).
 * `--update` sets a new password on an existing admin only: an account at
 * that address without the admin claim, or with any sign-in method besides
 * password, is refused (exit 1, the message says to delete it and create it
 * again), since anyone can sign up an address through the Auth REST API.
 * Target: the emulators when FIRESTORE_EMULATOR_HOST is set or --emulator is
 * passed; otherwise a real project given by --project (or GCLOUD_PROJECT),
 * with Application Default Credentials (`gcloud auth application-default login`).
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { AdminUserError, createAdminUser } from '../functions/src/features/auth/adminUsers.js';
import { targetProject } from './targetProject.js';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    project: { type: 'string' },
    emulator: { type: 'boolean', default: false },
    update: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

if (!values.username || !values.password)
  fail('usage: npm run admin:create -- --username U --password P [--project ID | --emulator] [--update]');
const { projectId, onEmulator } = targetProject(values);
if (!projectId) fail('name the project with --project ID (or pass --emulator).');
if (onEmulator && !process.env.FIREBASE_AUTH_EMULATOR_HOST)
  fail('FIRESTORE_EMULATOR_HOST is set but FIREBASE_AUTH_EMULATOR_HOST is not.');

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
