/**
 * Build-output figures (no emulators): the landing page's initial JS (gzip)
 * and its Firebase SDK bytes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initialJs } from '../../scripts/check-bundle.mjs';
import { firebaseBytes } from '../lib/sourcemap.mjs';

/**
 * Landing initial JS: the inline boot script, the entry script and every module
 * it preloads (scripts/check-bundle.mjs initialJs(), gzip level 9), and the bytes of those
 * files that their source maps attribute to node_modules/firebase or
 * node_modules/@firebase (plus check-bundle's marker scan).
 */
export function landingJs(dist) {
  // The inline boot script is no file: it has no source map and holds no dependency code (the marker scan
  // still reads it).
  const files = initialJs(dist).map((f) => ({
    ...f,
    firebaseBytes: f.inline ? 0 : firebaseBytes(join(dist, f.src.replace(/^\//, ''))),
  }));
  const gzip = files.reduce((s, f) => s + f.gzipBytes, 0);
  const missingMaps = files.filter((f) => f.firebaseBytes == null).map((f) => f.src);
  const sdkBytes = files.reduce((s, f) => s + (f.firebaseBytes ?? 0), 0);
  const markers = files.filter((f) => f.firebase).map((f) => f.src);

  // Self-check of the attribution: the admin chunk must show Firebase bytes.
  const assets = join(dist, 'assets');
  const admin = readdirSync(assets).find((n) => /^AdminApp-.*\.js$/.test(n));
  const adminFirebase = admin ? firebaseBytes(join(assets, admin)) : null;

  return {
    'landing-js-gzip': {
      samples: [gzip],
      pass: gzip <= 180 * 1024,
      details: files.map((f) => `${f.src}: ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`).join('; '),
    },
    'landing-js-firebase': {
      samples: [sdkBytes],
      pass: sdkBytes === 0 && markers.length === 0 && missingMaps.length === 0,
      details:
        `source maps attribute ${sdkBytes} raw bytes to the Firebase SDK; marker scan: ${markers.length ? `Firebase code in ${markers.join(', ')}` : 'none'}` +
        (missingMaps.length ? `; no source map for ${missingMaps.join(', ')} (not checked)` : '') +
        (admin
          ? `; self-check: ${admin} attributes ${((adminFirebase ?? 0) / 1024).toFixed(0)} KB raw to Firebase`
          : ''),
    },
  };
}
