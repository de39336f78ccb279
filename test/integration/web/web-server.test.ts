import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Backend } from '../../../electron/services/backend.js';
import type { WebServer } from '../../../electron/server/web-server.js';
import { startWebServer } from '../../../electron/server/web-server.js';
import { isAllowedHostHeader, isLoopbackHost } from '../../../electron/server/loopback.js';
import { useTempDirs } from '../../support/temp-dir.js';
import type { HttpOptions, HttpReply } from '../../support/http.js';
import { httpSend } from '../../support/http.js';

/** A request to a URL of the server. */
function send(url: string, opts: HttpOptions = {}): Promise<HttpReply> {
  const u = new URL(url);
  return httpSend(Number(u.port), u.pathname + u.search, opts);
}

describe('web mode server', () => {
  const tmp = useTempDirs();
  let server: WebServer | undefined;
  let backend: Backend | undefined;
  afterEach(async () => {
    await server?.close();
    backend?.close();
  });

  async function start(): Promise<WebServer> {
    backend = new Backend({ workspace: tmp(), userDataDir: tmp() });
    const staticDir = tmp();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${staticDir}/index.html`, '<!doctype html><title>t</title>');
    server = await startWebServer({ backend, staticDir, port: 0 });
    return server;
  }

  const api = (s: WebServer, channel: string, input: unknown, token: string | null = s.token): Promise<HttpReply> =>
    send(`${s.url}api/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ input }),
    });

  it('rejects every request without the token, or with a wrong one', async () => {
    const s = await start();
    expect((await api(s, 'settings.get', undefined, null)).status).toBe(401);
    expect((await api(s, 'settings.get', undefined, `${s.token}x`)).status).toBe(401);
    expect((await send(s.url)).status).toBe(401);
    expect((await send(`${s.url}blobs/${'0'.repeat(64)}`)).status).toBe(401);
    const ok = await api(s, 'settings.get', undefined);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ result: { uiScale: 1 } });
  });

  it('swaps the token in the URL for an HttpOnly cookie and serves the page with a CSP', async () => {
    const s = await start();
    const first = await send(s.openUrl);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await send(s.url, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const s = await start();
    const r = await send(`${s.url}api/settings.get`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.token}`, Host: `evil.example:${s.port}` },
    });
    expect(r.status).toBe(403);
  });

  it('will not listen on a non-loopback address', async () => {
    backend = new Backend({ workspace: tmp(), userDataDir: tmp() });
    await expect(startWebServer({ backend, staticDir: tmp(), host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
    expect(isLoopbackHost('192.168.1.5')).toBe(false);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isAllowedHostHeader('127.0.0.1:80', 80)).toBe(true);
    expect(isAllowedHostHeader('127.0.0.1.evil.example:80', 80)).toBe(false);
  });

  it('maps validation errors to 400 with the field', async () => {
    const s = await start();
    const r = await api(s, 'settings.update', { theme: 'neon' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'bad_request', issues: [{ path: 'theme' }] } });
  });

  it('pushes events over the WebSocket only to token holders', async () => {
    const s = await start();
    const wsUrl = `${s.url.replace('http', 'ws')}events`;
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(wsUrl);
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(refused).toBe('401');

    const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${s.token}` } });
    const got = new Promise<unknown>((resolve) => {
      ws.on('message', (m) => {
        const e = JSON.parse(String(m)) as { channel: string; payload: unknown };
        if (e.channel === 'settings.onChanged') resolve(e.payload);
      });
    });
    await new Promise((r) => ws.once('message', r)); // the hello
    await api(s, 'settings.update', { uiScale: 2 });
    expect(await got).toMatchObject({ uiScale: 2 });
    ws.close();
  });

  it('serves stored blobs by id, sandboxed, XML as plain text', async () => {
    const s = await start();
    const { id } = await backend!.workspace.putBlob(Buffer.from('<hierarchy/>'), 'application/xml');
    const r = await send(`${s.url}blobs/${id}`, { headers: { Authorization: `Bearer ${s.token}` } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe('sandbox');
    expect(r.body).toBe('<hierarchy/>');
    expect((await send(`${s.url}blobs/nothing`, { headers: { Authorization: `Bearer ${s.token}` } })).status).toBe(404);
  });
});
