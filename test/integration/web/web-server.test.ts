import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Backend } from '../../../electron/services/backend.js';
import type { WebServer } from '../../../electron/server/web-server.js';
import { startWebServer } from '../../../electron/server/web-server.js';
import { isAllowedHostHeader, isLoopbackHost } from '../../../electron/server/loopback.js';
import { mediaSignature } from '../../../shared/api/media-signature.js';
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

  it('rejects every API call, blob and frame without a token, or with a wrong one; the page itself holds no secret', async () => {
    const s = await start();
    expect((await api(s, 'settings.get', undefined, null)).status).toBe(401);
    expect((await api(s, 'settings.get', undefined, `${s.token}x`)).status).toBe(401);
    expect((await send(`${s.url}blobs/${'0'.repeat(64)}`)).status).toBe(401);
    expect((await send(`${s.url}frames/x`)).status).toBe(401);
    const page = await send(s.url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('elderbench-session');
    const ok = await api(s, 'settings.get', undefined);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ result: { uiScale: 1 } });
  });

  it('gives the page its session inside the page (no cookie), once per link, with a CSP', async () => {
    const s = await start();
    const first = await send(s.openUrl);
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const session = /name="elderbench-session" content="([^"]+)"/.exec(first.body)![1]!;
    expect(session).not.toBe(s.token);
    expect((await api(s, 'settings.get', undefined, session)).status).toBe(200);
    expect((await send(s.openUrl)).status).toBe(401); // the link is used up
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

  it('pushes events over the WebSocket only to token holders: a program by header, a page by its first message', async () => {
    const s = await start();
    const wsUrl = `${s.url.replace('http', 'ws')}events`;
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(wsUrl);
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(refused).toBe('401');

    // A browser page cannot set headers: it opens the socket from our origin and sends its session token first.
    const session = /name="elderbench-session" content="([^"]+)"/.exec((await send(s.openUrl)).body)![1]!;
    const origin = `http://127.0.0.1:${s.port}`;
    const firstMessage = async (token: string): Promise<string> => {
      const page = new WebSocket(wsUrl, { headers: { Origin: origin } });
      await new Promise((r) => page.once('open', r));
      page.send(JSON.stringify({ token }));
      return new Promise<string>((resolve) => {
        page.once('message', (m) => resolve(JSON.parse(String(m)).channel as string));
        page.once('close', (code) => resolve(`closed ${code}`));
      }).finally(() => page.close());
    };
    expect(await firstMessage('wrong')).toBe('closed 4401');
    expect(await firstMessage(session)).toBe('hello');

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
    // An <img> cannot send a header: the page signs each image URL with its media key instead.
    const media = /name="elderbench-media-key" content="([^"]+)"/.exec((await send(s.openUrl)).body)![1]!;
    const signed = await send(`${s.url}blobs/${id}?s=${mediaSignature(media, 'blob', id)}`);
    expect(signed.status).toBe(200);
    expect((await send(`${s.url}blobs/${id}?s=${mediaSignature(media, 'frame', id)}`)).status).toBe(401);
    expect((await send(`${s.url}blobs/${id}?s=${'0'.repeat(32)}`)).status).toBe(401);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe('sandbox');
    expect(r.body).toBe('<hierarchy/>');
    expect((await send(`${s.url}blobs/nothing`, { headers: { Authorization: `Bearer ${s.token}` } })).status).toBe(404);
  });
});
