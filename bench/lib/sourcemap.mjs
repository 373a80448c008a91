/**
 * Attributes the bytes of a built JS file to its original sources through its
 * source map (`<dist>-sourcemaps/assets/<chunk>.js.map`: an emulator build
 * moves its maps out of the served folder, web/vite.config.ts). Used to count how many
 * bytes of a chunk come from the Firebase SDK (node_modules/firebase or
 * node_modules/@firebase/*). No dependency: a minimal VLQ decoder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) LOOKUP[B64.charCodeAt(i)] = i;

/**
 * Decodes a source map `mappings` string into, per generated line, a list of
 * [generatedColumn, sourceIndex] (sourceIndex -1 for a segment with no source).
 */
export function decodeMappings(mappings) {
  const lines = [];
  let line = [];
  let genCol = 0;
  let srcIdx = 0;
  let i = 0;
  const n = mappings.length;
  while (i < n) {
    const c = mappings.charCodeAt(i);
    if (c === 59 /* ; */) {
      lines.push(line);
      line = [];
      genCol = 0;
      i++;
      continue;
    }
    if (c === 44 /* , */) {
      i++;
      continue;
    }
    const fields = [];
    while (i < n) {
      const ch = mappings.charCodeAt(i);
      if (ch === 44 || ch === 59) break;
      let value = 0;
      let scale = 1;
      let digit;
      do {
        digit = LOOKUP[mappings.charCodeAt(i++)];
        if (digit < 0) throw new Error('sourcemap: invalid base64 VLQ');
        value += (digit & 31) * scale;
        scale *= 32;
      } while (digit & 32);
      fields.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    }
    genCol += fields[0];
    if (fields.length >= 4) {
      srcIdx += fields[1];
      line.push([genCol, srcIdx]);
    } else {
      line.push([genCol, -1]);
    }
  }
  lines.push(line);
  return lines;
}

/**
 * Bytes (UTF-8) of `code` attributed to each source of `map`, keyed by source
 * path; bytes before a line's first segment or in segments with no source go
 * to "(unmapped)".
 */
export function bytesBySource(code, map) {
  const out = new Map();
  const add = (k, v) => out.set(k, (out.get(k) ?? 0) + v);
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  for (let l = 0; l < lines.length; l++) {
    const text = lines[l];
    const segs = (decoded[l] ?? []).slice().sort((a, b) => a[0] - b[0]);
    let cursor = 0;
    if (segs.length === 0 || segs[0][0] > 0) {
      const end = segs.length ? segs[0][0] : text.length;
      add('(unmapped)', Buffer.byteLength(text.slice(0, end)));
      cursor = end;
    }
    for (let s = 0; s < segs.length; s++) {
      const start = Math.max(segs[s][0], cursor);
      const end = s + 1 < segs.length ? segs[s + 1][0] : text.length;
      if (end <= start) continue;
      const src = segs[s][1] >= 0 ? (map.sources[segs[s][1]] ?? '(unmapped)') : '(unmapped)';
      add(src, Buffer.byteLength(text.slice(start, end)));
      cursor = end;
    }
    if (l < lines.length - 1) add('(unmapped)', 1); // the newline
  }
  return out;
}

export const FIREBASE_SOURCE = /(^|\/)node_modules\/(@firebase\/|firebase\/)/;

/**
 * Raw bytes of the file at `jsPath` that its source map attributes to the
 * Firebase SDK; null when the file has no source map.
 */
export function firebaseBytes(jsPath) {
  const mapPath = [
    `${jsPath}.map`,
    join(`${dirname(dirname(jsPath))}-sourcemaps`, basename(dirname(jsPath)), `${basename(jsPath)}.map`),
  ].find((p) => existsSync(p));
  if (!mapPath) return null;
  const code = readFileSync(jsPath, 'utf8');
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  let total = 0;
  for (const [src, bytes] of bytesBySource(code, map)) if (FIREBASE_SOURCE.test(src)) total += bytes;
  return total;
}
