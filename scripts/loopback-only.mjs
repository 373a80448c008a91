/**
 * A preload (`node --import ./scripts/loopback-only.mjs`, through NODE_OPTIONS: loopbackOnlyEnv) that keeps a
 * Node process on this machine: a TCP or TLS connection (net, tls, http, https, fetch) to any address but
 * loopback, and a DNS lookup of any name but `localhost`, are refused with an error, before a packet leaves.
 * Each refusal is written to stderr and, when LOOPBACK_ONLY_LOG names a file, appended there as one line
 * "<pid> <process> <host>[:<port>]", so a run can fail on it afterwards (scripts/test.mjs does).
 *
 * The local stack and the scripts on the emulators need nothing else; what would go out is a bug, such as the
 * Admin SDK looking for Google's metadata server (169.254.169.254) when METADATA_SERVER_DETECTION is not set
 * (scripts/emulators.mjs OFFLINE_ENV). LOOPBACK_ONLY_ALLOW lists host names that may still be reached
 * (comma-separated): test.mjs names only where firebase-tools downloads an emulator it lacks.
 */
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';

const allowed = new Set(
  (process.env.LOOPBACK_ONLY_ALLOW ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * True for a loopback address, the unspecified address (0.0.0.0 or ::, which reach this machine: the Functions
 * emulator asks its own workers there) or the name `localhost` (or a name LOOPBACK_ONLY_ALLOW lists).
 */
export function isLocal(host) {
  const h = String(host ?? 'localhost')
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === '' || h === 'localhost' || h.endsWith('.localhost') || allowed.has(h)) return true;
  if (net.isIPv4(h)) return h.startsWith('127.') || h === '0.0.0.0';
  if (net.isIPv6(h)) return h === '::1' || h === '::' || /^::ffff:127\./.test(h);
  return false;
}

/** Records and returns the error for a refused `host`. */
function refuse(host, port) {
  const where = `${host}${port === undefined ? '' : `:${port}`}`;
  const line = `${process.pid} ${basename(process.argv[1] ?? process.argv0)} ${where}`;
  try {
    process.stderr.write(`✖ loopback-only: refused a connection to ${where} (this stack talks to 127.0.0.1 only)\n`);
  } catch {
    // a closed stderr: the log file below still has it
  }
  if (process.env.LOOPBACK_ONLY_LOG) appendFileSync(process.env.LOOPBACK_ONLY_LOG, `${line}\n`);
  return Object.assign(new Error(`loopback-only: connection to ${where} refused`), { code: 'ECONNREFUSED' });
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  // A truthy `path` is a Unix socket (as net reads it); http passes `path: null` for TCP.
  if (!options.path && !isLocal(options.host)) {
    const error = refuse(options.host, options.port);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

/**
 * A lookup that may go out: a name other than localhost. An IP literal is answered without a query (a server
 * listening on an interface's address looks it up: portfinder, in the Functions emulator, tries each one).
 */
const queries = (hostname) => !net.isIP(String(hostname)) && !isLocal(hostname);

/**
 * The special-use names that never resolve anywhere (RFC 2606, RFC 6761: `.example`, `.invalid`, `.test`): the
 * tests use them for addresses and URLs that must fail, such as a logo on studio.example. They are answered
 * "not found", as every resolver would answer, without a query and without counting as a connection attempt.
 */
const NEVER_RESOLVES = /\.(example|invalid|test)\.?$/i;

/** The lookup error for `hostname` when it may not be asked: not found for a special-use name, else refused. */
const lookupError = (hostname) =>
  NEVER_RESOLVES.test(String(hostname))
    ? Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
        errno: -3008,
        syscall: 'getaddrinfo',
        hostname,
      })
    : refuse(hostname);

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  if (!queries(hostname)) return lookup.call(this, hostname, ...rest);
  const callback = rest.at(-1);
  const error = lookupError(hostname);
  if (typeof callback === 'function') process.nextTick(() => callback(error));
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function (hostname, ...rest) {
  return queries(hostname) ? Promise.reject(lookupError(hostname)) : lookupPromise.call(this, hostname, ...rest);
};
// `import { lookup } from 'node:dns'` sees the wrapped functions too.
syncBuiltinESMExports();
