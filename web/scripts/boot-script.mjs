/**
 * The landing's inline boot script (web/scripts/boot.js) as dist/index.html
 * carries it, and the Content-Security-Policy source that allows it.
 *
 * The CSP allows no inline script but this one, by its SHA-256 hash in
 * firebase.json's `script-src` (`'sha256-<base64>'`, CSP Level 2). The text
 * is boot.js without its header comment and names no build output (the entry
 * and chunk URLs are data attributes of the tag), so the hash changes only
 * when boot.js does. Used by web/scripts/prerender.mjs, which refuses to write
 * a page the deployed CSP would block, and by scripts/check-bundle.mjs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The inline script's text: boot.js without its leading header comment. */
export function bootScriptCode() {
  return readFileSync(join(web, 'scripts', 'boot.js'), 'utf8').replace(/^\/\*[\s\S]*?\*\/\n/, '');
}

/** The CSP source expression that allows `code` inline: `'sha256-<base64 of its UTF-8 bytes' digest>'`. */
export function cspHashSource(code) {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** The `script-src` sources of the Content-Security-Policy in firebase.json's hosting headers (empty if none). */
export function deployedScriptSources(firebaseJsonPath = join(web, '..', 'firebase.json')) {
  const hosting = JSON.parse(readFileSync(firebaseJsonPath, 'utf8')).hosting ?? {};
  const csp = (hosting.headers ?? [])
    .flatMap((rule) => rule.headers ?? [])
    .find((h) => h.key.toLowerCase() === 'content-security-policy')?.value;
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive ? directive.slice(1) : [];
}
