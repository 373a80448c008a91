/**
 * node scripts/log-guard.mjs --dir DIR --pid PID --cap BYTES
 *
 * Keeps every `*.log` file of DIR under BYTES while process PID (the firebase CLI that writes them) lives,
 * checking twice a second: a file over the cap has its last quarter copied to `<name>.old` and is then cut to
 * nothing (firebase-tools appends to firebase-debug.log, so it goes on from the start; the Java emulators'
 * files are written at an offset and go on as sparse files, whose holes take no disk). Writes what it saw to
 * DIR/guard.json: `bytesWritten` (bytes the logs grew by, cut ones included), `cuts`, `capBytes`, and `done`
 * once its last check after PID ended is written.
 * Ignores SIGINT, SIGTERM and SIGHUP: it stops once PID is gone, after a last check, so that a run stopped by
 * Ctrl-C or a killed parent still leaves no file over the cap. Started by scripts/emulator-logs.mjs.
 */
import {
  closeSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  truncateSync,
  writeFileSync,
  lstatSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, pid: { type: 'string' }, cap: { type: 'string' } },
});
const dir = values.dir;
const pid = Number(values.pid);
const cap = Number(values.cap);
if (!dir || !Number.isInteger(pid) || !(cap > 0)) {
  console.error('log-guard: --dir DIR --pid PID --cap BYTES are required.');
  process.exit(2);
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => {});

/** Allocated bytes and apparent size of a regular file, or null. */
function sizes(path) {
  try {
    const st = lstatSync(path);
    return st.isFile() ? { disk: Math.min(st.size, st.blocks * 512), size: st.size } : null;
  } catch {
    return null;
  }
}

/** Copies the last `bytes` bytes of `from` (before `size`) into `to`, replacing it. */
function copyTail(from, to, size, bytes) {
  const start = Math.max(0, size - bytes);
  const buf = Buffer.alloc(size - start);
  const fd = openSync(from, 'r');
  try {
    readSync(fd, buf, 0, buf.length, start);
  } finally {
    closeSync(fd);
  }
  writeFileSync(to, buf);
}

const seen = new Map();
let bytesWritten = 0;
let cuts = 0;

function check(done = false) {
  let names;
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.log'));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    const s = sizes(path);
    if (!s) continue;
    const before = seen.get(name) ?? 0;
    if (s.disk > before) bytesWritten += s.disk - before;
    if (s.disk > cap) {
      try {
        copyTail(path, `${path}.old`, s.size, Math.floor(cap / 4));
        truncateSync(path, 0);
        cuts++;
        seen.set(name, 0);
      } catch {
        seen.set(name, s.disk);
      }
    } else seen.set(name, s.disk);
  }
  // Written aside and renamed: a reader (the bench, a test) never sees half a file.
  writeFileSync(join(dir, 'guard.json.tmp'), `${JSON.stringify({ bytesWritten, cuts, capBytes: cap, pid, done })}\n`);
  renameSync(join(dir, 'guard.json.tmp'), join(dir, 'guard.json'));
}

/** True while `pid` exists (EPERM: it exists, owned by someone else). */
function alive() {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

const timer = setInterval(() => {
  check();
  if (!alive()) {
    clearInterval(timer);
    check(true);
    process.exit(0);
  }
}, 500);
check();
