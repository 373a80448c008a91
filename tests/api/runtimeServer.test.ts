/**
 * The runtime's server around the api (functions platform/runtimeServer.ts): a malformed JSON body, which the
 * runtime parses before the api sees it, gets the api's JSON 400 with no stack or server path, and no reply
 * carries `X-Powered-By`. Checked where it runs as deployed, the built function (functions/lib) under the
 * Functions Framework (`@google-cloud/functions-framework`, started here on a free port), and through the
 * Hosting and Functions emulators. Through the emulators a reply still carries `X-Powered-By: Express`: the
 * Functions emulator's own proxy in the firebase-tools process sets it, outside any code deployed, so only the
 * JSON error is checked there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL } from '../helpers.js';

const require = createRequire(import.meta.url);

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

let framework: ChildProcess;
let frameworkUrl: string;

beforeAll(async () => {
  const port = await freePort();
  // The package's `functions-framework` command (its bin), beside its main module.
  const main = join(dirname(require.resolve('@google-cloud/functions-framework')), 'main.js');
  framework = spawn(
    process.execPath,
    [main, '--target=api', '--signature-type=http', '--source=functions', `--port=${port}`],
    { env: { ...process.env, NODE_ENV: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  // Ready when the framework prints the URL it serves (after it loaded the function).
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (/URL: http:\/\//.test(out)) resolve();
    };
    framework.stdout!.on('data', onData);
    framework.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    framework.once('exit', (code) => reject(new Error(`the framework exited (${code}): ${out}`)));
  });
  frameworkUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  framework?.kill();
});

const malformed = (base: string) =>
  fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name": "Ann", "email": ',
  });

describe.each([
  ['the Functions Framework', () => frameworkUrl, true],
  ['the Hosting emulator', () => BASE_URL, false],
])('under %s', (_name, base, deployed) => {
  it("answers a malformed JSON body with the api's JSON 400: no stack, no path", async () => {
    const r = await malformed(base());
    const text = await r.text();
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ error: 'Malformed request body' });
    expect(text).not.toMatch(/node_modules|SyntaxError|\bat\b|\/work|\/workspace/);
    if (deployed) expect(r.headers.get('x-powered-by')).toBeNull();
  });

  it.runIf(deployed)('sends no X-Powered-By, on an error of the runtime or a reply of the api', async () => {
    const r = await fetch(`${base()}/api/no-such-route`);
    expect(r.status).toBe(401);
    expect(r.headers.get('x-powered-by')).toBeNull();
    expect(await r.json()).toMatchObject({ error: expect.any(String) });
  });
});
