/**
 * Debian's Chromium, the only browser the end-to-end tests and the bench use
 * (never a downloaded one), and the flags both launch it with.
 */
import { existsSync } from 'node:fs';

/** Where Chromium is: CHROMIUM_PATH, else the usual install paths; null when it is missing. */
export function findChromium() {
  return (
    [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p)) ??
    null
  );
}

/** What to do when Chromium is missing. */
export const MISSING_CHROMIUM = 'Missing: Chromium (apt-get install -y chromium, or set CHROMIUM_PATH).';

/** Chromium's path. @throws Error MISSING_CHROMIUM when it is not installed. */
export function chromiumPath() {
  const found = findChromium();
  if (!found) throw new Error(MISSING_CHROMIUM);
  return found;
}

/** Launch flags: a quiet, sandbox-free headless browser with no background traffic and no QUIC. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
