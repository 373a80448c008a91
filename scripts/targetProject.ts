/**
 * The project a maintenance script (admin:create, board:rebuild) works on:
 * the emulators when FIRESTORE_EMULATOR_HOST is set or `--emulator` is passed
 * (then the Firestore and Auth emulator hosts default to the local ports and
 * the project to demo-studio), otherwise the project named by `--project` or
 * GCLOUD_PROJECT, reached with Application Default Credentials.
 * @returns the project id (undefined when none is named) and whether it is the emulators
 */
export function targetProject({ project, emulator }: { project?: string; emulator?: boolean }): {
  projectId: string | undefined;
  onEmulator: boolean;
} {
  if (emulator) {
    process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  }
  const onEmulator = Boolean(process.env.FIRESTORE_EMULATOR_HOST);
  // On the emulators nothing needs Google's metadata server, which the Admin SDK would otherwise look for.
  if (onEmulator) process.env.METADATA_SERVER_DETECTION ??= 'none';
  return { projectId: project ?? process.env.GCLOUD_PROJECT ?? (onEmulator ? 'demo-studio' : undefined), onEmulator };
}
