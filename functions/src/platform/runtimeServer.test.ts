import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { guardRuntimeServers, runtimeErrorReply } from './runtimeServer.js';

/** A runtime-like server: an Express app that parses JSON first and has no error handler of its own. */
async function runtime(): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.use(express.json());
  app.all('/{*splat}', (_req, res) => void res.json({ ok: true }));
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('guardRuntimeServers', () => {
  it("gives a runtime's Express app the api's JSON errors and no X-Powered-By", async () => {
    guardRuntimeServers();
    guardRuntimeServers();
    const { url, close } = await runtime();
    try {
      const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('x-powered-by')).toBeNull();
      expect(await bad.text()).toBe('{"error":"Malformed request body"}');
      const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(await ok.json()).toEqual({ ok: true });
      expect(ok.headers.get('x-powered-by')).toBeNull();
    } finally {
      close();
    }
  });

  it('answers a client error with its status and anything else with a 500, never the error text', () => {
    expect(runtimeErrorReply({ status: 413, message: 'too large' })).toEqual({
      status: 413,
      body: { error: 'Malformed request body' },
    });
    expect(runtimeErrorReply(new Error('/srv/secret.js'))).toEqual({
      status: 500,
      body: { error: 'Internal server error' },
    });
    expect(runtimeErrorReply(null).status).toBe(500);
  });
});
