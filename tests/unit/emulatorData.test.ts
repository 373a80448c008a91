/**
 * The emulators' saved data (scripts/emulator-data.mjs): an export replaces
 * `.emulator-data/` whole or not at all, whatever moment it stops at.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  exportEmulatorData,
  exportFolders,
  isExport,
  moveIn,
  recoverEmulatorData,
  startExportTicker,
} from '../../scripts/emulator-data.mjs';

let root: string;
let data: string;

/** Writes an export of `label` into `dir`: the data first, the metadata last (as firebase-tools does). */
function writeExport(dir: string, label: string, complete = true) {
  mkdirSync(join(dir, 'firestore_export'), { recursive: true });
  writeFileSync(join(dir, 'firestore_export', 'data'), label);
  if (complete) writeFileSync(join(dir, 'firebase-export-metadata.json'), '{}');
}
const saved = () => readFileSync(join(data, 'firestore_export', 'data'), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'studio-emu-data-'));
  data = join(root, '.emulator-data');
  writeExport(data, 'first');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('emulator data', () => {
  it('a successful export replaces the data, and leaves no working folder', async () => {
    expect(await exportEmulatorData(data, async (dir) => (writeExport(dir, 'second'), true))).toBe(true);
    expect(saved()).toBe('second');
    for (const dir of Object.values(exportFolders(data))) expect(existsSync(dir)).toBe(false);
  });

  it('an export that fails, throws or stops half-way leaves the previous data as it was', async () => {
    expect(await exportEmulatorData(data, async () => false)).toBe(false);
    expect(await exportEmulatorData(data, async (dir) => (writeExport(dir, 'half', false), true))).toBe(false);
    expect(
      await exportEmulatorData(data, async (dir) => {
        writeExport(dir, 'crashed', false);
        throw new Error('killed');
      }),
    ).toBe(false);
    expect(saved()).toBe('first');
    expect(isExport(data)).toBe(true);
  });

  it('a crash between the two renames is undone at the next start', () => {
    const { previous, periodic } = exportFolders(data);
    mkdirSync(join(root, '.cache'), { recursive: true });
    renameSync(data, previous); // the first rename happened, the second did not
    writeExport(periodic, 'unfinished', false);
    recoverEmulatorData(data);
    expect(saved()).toBe('first');
    expect(existsSync(previous) || existsSync(periodic)).toBe(false);
  });

  it('the export on exit is moved in only when complete', () => {
    const { onExit } = exportFolders(data);
    writeExport(onExit, 'partial', false);
    expect(moveIn(onExit, data)).toBe(false);
    expect(saved()).toBe('first');
    writeExport(onExit, 'on exit');
    expect(moveIn(onExit, data)).toBe(true);
    expect(saved()).toBe('on exit');
  });

  it('the ticker exports on its cadence, one at a time, and stop waits for the one under way', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const stop = startExportTicker(
      data,
      (dir: string) =>
        new Promise<boolean>((resolve) => {
          runs++;
          release = () => (writeExport(dir, `tick ${runs}`), resolve(true));
        }),
      { everyMs: 10, log: () => {} },
    );
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1); // the first is still running: later ticks skip
    const stopped = stop();
    release();
    await stopped;
    expect(saved()).toBe('tick 1');
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(1);
  });
});
