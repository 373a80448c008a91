/**
 * The emulators' saved data (`.emulator-data/`, imported by the next
 * `npm start`), replaced whole or not at all.
 *
 * An export is written into a folder of its own under `.cache/` and moved in
 * by two renames (the current data aside, the new one in), so a crash or a
 * Ctrl-C mid-export leaves the previous data as it was; a crash between the
 * two renames leaves the previous data aside, and `recoverEmulatorData` puts
 * it back at the next start. `npm start` exports every EXPORT_EVERY_MS while
 * it runs (`firebase emulators:export`), and once more when it stops (the
 * emulators' own `--export-on-exit`, into its own folder, moved in after they
 * exit).
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** How often `npm start` saves the emulators' data while they run. */
export const EXPORT_EVERY_MS = 5 * 60_000;

/** The file every complete export has (firebase-tools writes it last). */
const METADATA = 'firebase-export-metadata.json';

/** True when `dir` holds a complete export. */
export const isExport = (dir) => existsSync(join(dir, METADATA));

/** The working folders of `dataDir`'s exports, beside it under `<root>/.cache/` (git-ignored, same disk). */
export function exportFolders(dataDir) {
  const cache = join(dirname(dataDir), '.cache');
  return {
    /** Where a periodic export is written before it is moved in. */
    periodic: join(cache, 'emulator-export-periodic'),
    /** Where the emulators' export on exit is written before it is moved in. */
    onExit: join(cache, 'emulator-export-on-exit'),
    /** The data being replaced, for the moment between the two renames. */
    previous: join(cache, 'emulator-data-previous'),
  };
}

/**
 * Puts back data a crash left aside between the two renames, and drops
 * unfinished exports. Call before deciding whether to import.
 */
export function recoverEmulatorData(dataDir) {
  const { periodic, onExit, previous } = exportFolders(dataDir);
  if (!isExport(dataDir) && isExport(previous)) {
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(previous, dataDir);
  }
  // A complete export on exit that was never moved in (npm start was killed after the emulators stopped).
  if (isExport(onExit)) moveIn(onExit, dataDir);
  for (const dir of [periodic, onExit, previous]) rmSync(dir, { recursive: true, force: true });
}

/**
 * Replaces `dataDir` with the complete export in `from`.
 * @returns false (nothing changed) when `from` is not a complete export.
 */
export function moveIn(from, dataDir) {
  if (!isExport(from)) return false;
  const { previous } = exportFolders(dataDir);
  rmSync(previous, { recursive: true, force: true });
  mkdirSync(dirname(previous), { recursive: true });
  if (existsSync(dataDir)) renameSync(dataDir, previous);
  renameSync(from, dataDir);
  rmSync(previous, { recursive: true, force: true });
  return true;
}

/**
 * One export: `runExport(dir)` writes it into the periodic folder (resolves
 * true on success), then it replaces `dataDir`. A failed or partial export
 * changes nothing.
 * @param {string} dataDir
 * @param {(dir: string) => Promise<boolean>} runExport
 * @returns {Promise<boolean>} whether `dataDir` now holds the new export
 */
export async function exportEmulatorData(dataDir, runExport) {
  const { periodic } = exportFolders(dataDir);
  rmSync(periodic, { recursive: true, force: true });
  mkdirSync(dirname(periodic), { recursive: true });
  const ok = await runExport(periodic).catch(() => false);
  const moved = ok && moveIn(periodic, dataDir);
  rmSync(periodic, { recursive: true, force: true });
  return moved;
}

/**
 * Exports every `everyMs` (never two at once). A failure is reported through
 * `log` and the next tick tries again. Returns `stop`, which resolves once an
 * export under way has finished.
 */
export function startExportTicker(dataDir, runExport, { everyMs = EXPORT_EVERY_MS, log = console.log } = {}) {
  let running = null;
  const timer = setInterval(() => {
    if (running) return;
    running = exportEmulatorData(dataDir, runExport)
      .then((ok) => {
        if (!ok)
          log('⚠ Saving the emulators’ data failed; the previous save is kept, and the next try is in a few minutes.');
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
