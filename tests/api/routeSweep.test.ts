/**
 * Route sweep (issue 10): every /api route is read from the Express router
 * itself, not from a hand-kept list. Each route outside the public allow-list
 * answers 401 without a session and 403 for a signed-in non-admin; every
 * route answers hostile bodies with 4xx, never 5xx. A foreign Origin gets no
 * CORS allowance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app.js';
import { api, userIdToken } from '../helpers.js';

interface RouteInfo {
  method: string;
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/** Walks Express 5 layers (router 2.x keeps each layer's rawPath). */
function listRoutes(stack: LayerLike[], prefix = ''): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      const raw = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      out.push(...listRoutes(layer.handle.stack, prefix + raw));
    }
  }
  return out;
}

/** The public surface, reviewed: anything else must be admin-only. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/contact',
  'GET /api/leads/count',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/quote-acceptance',
  'POST /api/quote-acceptance/accept',
  'GET /api/client-project',
  'POST /api/promo-codes/validate',
  'POST /api/create-subscription',
  'POST /api/create-payment-intent',
  'GET /api/stripe/config',
  'POST /api/stripe/webhook',
  'POST /api/test-mode/confirm-payment',
]);

const app = createApp() as unknown as { router: { stack: LayerLike[] } };
const routes = listRoutes(app.router.stack);
const concrete = (p: string) => p.replace(/:(\w+)/g, 'sweep-$1');
let userToken: string;

beforeAll(async () => {
  userToken = await userIdToken();
});

describe('route sweep', () => {
  it('finds the routes from the router', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/leads/:id' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/login' });
  });

  it('every non-public route answers 401 without a session and 403 for a non-admin', async () => {
    const swept: string[] = [];
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      if (PUBLIC.has(name)) continue;
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const anon = await api(r.method, concrete(r.path), { body });
      expect(anon.status, `${name} anonymous`).toBe(401);
      const user = await api(r.method, concrete(r.path), { body, token: userToken });
      expect(user.status, `${name} non-admin`).toBe(403);
      swept.push(name);
    }
    expect(swept.length).toBeGreaterThan(20);
  });

  it('hostile bodies get 4xx, never 5xx, on every route', async () => {
    const hostile: Array<{ rawBody: string; headers?: Record<string, string> }> = [
      { rawBody: '{"unterminated":' },
      { rawBody: JSON.stringify({ x: 'y'.repeat(1024 * 1024) }) },
      { rawBody: '[1,2,3]' },
      { rawBody: '"just a string"' },
      { rawBody: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { admin: true } }, name: 123, email: ['a'], status: { $gt: '' } }) },
      { rawBody: 'name=x&email=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PUT')) {
      for (const h of hostile) {
        const res = await api(r.method, concrete(r.path), h);
        expect(res.status, `${r.method} ${r.path} ← ${h.rawBody.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${r.method} ${r.path} ← ${h.rawBody.slice(0, 30)}`).toBeLessThan(500);
      }
    }
  });

  it('a foreign Origin gets no CORS allowance from our app', async () => {
    // In-process: the Functions emulator wraps every HTTP function in its own permissive CORS
    // layer, which deployed v2 functions without a `cors` option do not have.
    const server = (createApp() as unknown as import('express').Express).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/leads`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    server.close();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
