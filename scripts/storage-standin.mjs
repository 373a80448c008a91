/**
 * A stand-in for the part of the Cloud Storage JSON API the functions use
 * (functions/src/platform/fileStorage.ts through the Admin SDK's
 * @google-cloud/storage client): multipart and media uploads, object
 * metadata and download (`alt=media`), delete and list. The Storage emulator
 * cannot start offline (../shared/notes/firebase-offline.md), so `npm start`
 * and `npm test` start this instead, and the client reaches it through
 * STORAGE_EMULATOR_HOST (scripts/emulators.mjs PORTS.storage; the
 * functions read it from functions/.env.demo-studio), the way Stripe and
 * SendGrid are replaced at their HTTP boundary.
 *
 * Objects are files under `--dir` (kept between `npm start` runs beside the
 * emulators' data), with their metadata next to them. Answers carry the
 * crc32c and md5 hashes the client checks, as Cloud Storage does. Paths are
 * taken with or without the `/storage/v1` prefix (the client drops it when
 * STORAGE_EMULATOR_HOST is set). GET /health answers 200 once listening.
 *
 *   node scripts/storage-standin.mjs --port 9199 --dir .emulator-data/storage
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRC32C } from '@google-cloud/storage';

/** The CRC32C of `bytes`, base64 (Cloud Storage's `crc32c`). */
const crc32c = (bytes) => {
  const c = new CRC32C();
  c.update(bytes);
  return c.toString();
};
const md5 = (bytes) => createHash('md5').update(bytes).digest('base64');

/** One object's metadata resource (storage#object) for `bytes`. */
function resource(bucket, name, contentType, bytes, generation) {
  const now = new Date().toISOString();
  return {
    kind: 'storage#object',
    id: `${bucket}/${name}/${generation}`,
    name,
    bucket,
    generation: String(generation),
    metageneration: '1',
    contentType,
    size: String(bytes.length),
    md5Hash: md5(bytes),
    crc32c: crc32c(bytes),
    timeCreated: now,
    updated: now,
  };
}

/** Splits a multipart/related body into its parts ({ headers, body }). */
function multipartParts(body, boundary) {
  const sep = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = body.indexOf(sep);
  while (at !== -1) {
    const start = at + sep.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(sep, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // drop the CRLF after the boundary and before the next
    const headEnd = part.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      part
        .subarray(0, headEnd)
        .toString()
        .split('\r\n')
        .map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    parts.push({ headers, body: part.subarray(headEnd + 4) });
    at = next;
  }
  return parts;
}

/** Starts the stand-in on 127.0.0.1:`port`, objects under `dir`; resolves the listening server. */
export function startStorageStandIn({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  const fileOf = (bucket, name) => join(dir, encodeURIComponent(`${bucket}/${name}`));
  const read = (bucket, name) => {
    const f = fileOf(bucket, name);
    return existsSync(`${f}.json`)
      ? { meta: JSON.parse(readFileSync(`${f}.json`, 'utf8')), bytes: readFileSync(f) }
      : null;
  };
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const notFound = (res) => send(res, 404, { error: { code: 404, message: 'No such object' } });

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.replace(/^\/upload\/storage\/v1\//, '/upload/').replace(/^\/storage\/v1\//, '/');
    if (path === '/health') return send(res, 200, { ok: true });

    const upload = /^\/upload\/b\/([^/]+)\/o$/.exec(path);
    if (upload && req.method === 'POST') {
      const bucket = decodeURIComponent(upload[1]);
      let name = url.searchParams.get('name');
      let contentType = req.headers['content-type'] ?? 'application/octet-stream';
      let bytes = body;
      if (url.searchParams.get('uploadType') === 'multipart') {
        const boundary = /boundary="?([^";]+)"?/.exec(String(req.headers['content-type']))?.[1];
        const [metaPart, media] = boundary ? multipartParts(body, boundary) : [];
        if (!metaPart || !media) return send(res, 400, { error: { code: 400, message: 'Bad multipart body' } });
        const meta = JSON.parse(metaPart.body.toString('utf8'));
        name = meta.name ?? name;
        contentType = meta.contentType ?? media.headers['content-type'] ?? 'application/octet-stream';
        bytes = media.body;
      } else if (url.searchParams.get('uploadType') !== 'media') {
        return send(res, 400, { error: { code: 400, message: 'Only multipart and media uploads are stood in for' } });
      }
      if (!name) return send(res, 400, { error: { code: 400, message: 'Missing object name' } });
      const meta = resource(bucket, name, contentType, bytes, Date.now() * 1000 + Math.floor(Math.random() * 1000));
      const f = fileOf(bucket, name);
      writeFileSync(f, bytes);
      writeFileSync(`${f}.json`, JSON.stringify(meta));
      return send(res, 200, meta);
    }

    const list = /^\/b\/([^/]+)\/o$/.exec(path);
    if (list && req.method === 'GET') {
      const bucket = decodeURIComponent(list[1]);
      const prefix = url.searchParams.get('prefix') ?? '';
      const items = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
        .filter((m) => m.bucket === bucket && m.name.startsWith(prefix));
      return send(res, 200, { kind: 'storage#objects', items });
    }

    const object = /^\/b\/([^/]+)\/o\/(.+)$/.exec(path);
    if (object) {
      const [bucket, name] = [decodeURIComponent(object[1]), decodeURIComponent(object[2])];
      const found = read(bucket, name);
      if (!found) return notFound(res);
      if (req.method === 'DELETE') {
        const f = fileOf(bucket, name);
        rmSync(f, { force: true });
        rmSync(`${f}.json`, { force: true });
        return send(res, 204);
      }
      if (req.method === 'GET' && url.searchParams.get('alt') === 'media') {
        res.writeHead(200, {
          'content-type': found.meta.contentType,
          'content-length': String(found.bytes.length),
          'x-goog-hash': `crc32c=${found.meta.crc32c},md5=${found.meta.md5Hash}`,
          'x-goog-stored-content-encoding': 'identity',
          'x-goog-generation': found.meta.generation,
        });
        return res.end(found.bytes);
      }
      if (req.method === 'GET') return send(res, 200, found.meta);
    }
    return send(res, 404, { error: { code: 404, message: `Not stood in for: ${req.method} ${url.pathname}` } });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

// `node scripts/storage-standin.mjs --port N --dir D`: runs until SIGINT/SIGTERM.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? fallback : process.argv[i + 1];
  };
  const port = Number(arg('port', '9199'));
  const dir = resolve(arg('dir', join('.cache', `storage-${randomUUID()}`)));
  const server = await startStorageStandIn({ port, dir });
  console.log(`[storage] Cloud Storage stand-in on http://127.0.0.1:${port} (objects in ${dir})`);
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
}
