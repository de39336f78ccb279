import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Backend } from '../../../electron/services/backend.js';
import { GraphFileError, importGraph } from '../../../electron/services/graphs/graph-transfer.js';
import type { WebServer } from '../../../electron/server/web-server.js';
import { startWebServer } from '../../../electron/server/web-server.js';
import { graphFileBytes } from '../../support/graph-file.js';
import { useTempDirs } from '../../support/temp-dir.js';
import type { HttpOptions, HttpReply } from '../../support/http.js';
import { httpSend } from '../../support/http.js';

/** A raw HTTP request to the server: the path is sent exactly as given (no client-side normalisation). */
const send = (s: WebServer, path: string, opts: HttpOptions = {}): Promise<HttpReply> => httpSend(s.port, path, opts);

const HTML_ATTACK = Buffer.from('<!doctype html><script>fetch("/api/settings.update",{method:"POST"})</script>');

describe('web mode, attacked from the same machine', () => {
  const tmp = useTempDirs();
  let server: WebServer | undefined;
  let backend: Backend | undefined;
  afterEach(async () => {
    await server?.close();
    backend?.close();
  });

  async function start(): Promise<{ s: WebServer; cookie: string; origin: string }> {
    backend = new Backend({ workspace: tmp(), userDataDir: tmp() });
    const staticDir = tmp();
    writeFileSync(`${staticDir}/index.html`, '<!doctype html><title>t</title>');
    server = await startWebServer({ backend, staticDir, port: 0 });
    const first = await send(server, `/?token=${encodeURIComponent(server.token)}`);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    return { s: server, cookie, origin: `http://127.0.0.1:${server.port}` };
  }

  const post = (
    s: WebServer,
    channel: string,
    headers: Record<string, string>,
    body: string | Buffer = JSON.stringify({ input: { uiScale: 2 } }),
  ): Promise<HttpReply> => send(s, `/api/${channel}`, { method: 'POST', headers: { Host: `127.0.0.1:${s.port}`, ...headers }, body });

  it('refuses a stored page: graph import rejects an HTML blob even with a recomputed checksum', async () => {
    const ws = tmp();
    backend = new Backend({ workspace: ws, userDataDir: tmp() });
    const file = join(tmp(), 'evil.ebgraph');
    writeFileSync(file, graphFileBytes([{ bytes: HTML_ATTACK, mediaType: 'text/html' }]));
    await expect(importGraph(backend.workspace, file)).rejects.toThrow(GraphFileError);
    await expect(importGraph(backend.workspace, file)).rejects.toThrow(/media type "text\/html", which ElderBench never stores/);
    expect(backend.workspace.tasks.count()).toBe(0);
    await expect(backend.workspace.putBlob(HTML_ATTACK, 'text/html; charset=utf-8')).rejects.toThrow(/not accepted/);
    await expect(backend.workspace.putBlob(HTML_ATTACK, 'image/svg+xml')).rejects.toThrow(/not accepted/);
  });

  it('serves every blob sandboxed, unsniffable, and with a harmless type, even a page stored before the allow-list', async () => {
    const { s, cookie } = await start();
    const store = backend!.workspace;
    const legacy = await store.blobs.put(HTML_ATTACK);
    store.blobIndex.record(legacy.id, legacy.size, 'text/html'); // as an older version could have
    const r = await send(s, `/blobs/${legacy.id}`, { headers: { Cookie: cookie } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-security-policy']).toBe('sandbox');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe('attachment');
    const { id } = await store.putBlob(Buffer.from('<hierarchy/>'), 'application/xml');
    const xml = await send(s, `/blobs/${id}`, { headers: { Cookie: cookie } });
    expect(xml.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(xml.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses API writes from a page on another local port, even though the browser sends our cookie', async () => {
    const { s, cookie, origin } = await start();
    const json = { Cookie: cookie, 'Content-Type': 'application/json' };
    const foreign = await post(s, 'settings.update', { ...json, Origin: 'http://127.0.0.1:3000' });
    expect(foreign.status).toBe(403);
    expect((await post(s, 'settings.update', { ...json, Origin: 'null' })).status).toBe(403);
    expect((await post(s, 'settings.update', { ...json, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    // A "simple" cross-site form post: text/plain needs no preflight, so it must not be parsed as JSON.
    expect((await post(s, 'settings.update', { Cookie: cookie, 'Content-Type': 'text/plain', Origin: origin })).status).toBe(415);
    expect((await post(s, 'settings.update', { Cookie: cookie, Origin: origin })).status).toBe(415);
    // A cookie alone, without any browser header saying where it came from, is not enough.
    expect((await post(s, 'settings.update', json)).status).toBe(403);
    expect(backend!.handlers.settings.get(undefined as never)).toMatchObject({ uiScale: 1 });

    const own = await post(s, 'settings.update', { ...json, Origin: origin });
    expect(own.status).toBe(200);
    const viaFetchMetadata = await post(
      s,
      'settings.update',
      { ...json, 'Sec-Fetch-Site': 'same-origin' },
      JSON.stringify({ input: { uiScale: 1.5 } }),
    );
    expect(viaFetchMetadata.status).toBe(200);
  });

  it('accepts the token in a URL only for the page load, under a cookie name of its own port', async () => {
    const { s, cookie } = await start();
    expect(cookie.startsWith(`eb_token_${s.port}=`)).toBe(true);
    const t = encodeURIComponent(s.token);
    const api = await post(s, `settings.get?token=${t}`, { 'Content-Type': 'application/json' }, '{}');
    expect(api.status).toBe(401);
    expect((await send(s, `/blobs/${'0'.repeat(64)}?token=${t}`)).status).toBe(401);
    const wsStatus = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${s.port}/events?token=${t}`);
      ws.on('unexpected-response', (_q, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(wsStatus).toBe('401');
    // A cookie named for another port (another ElderBench) does not count here.
    expect((await send(s, '/', { headers: { Cookie: `eb_token_1=${t}` } })).status).toBe(401);
  });

  it('answers an oversized body with 413 (not a connection reset), a bad escape with 400, and never redirects off-site', async () => {
    const { s, cookie, origin } = await start();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const r = await post(s, 'settings.update', { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' }, big);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'bad_request' } });

    expect((await send(s, '/%E0%A4%A', { headers: { Cookie: cookie } })).status).toBe(400);
    expect((await send(s, '/blobs/%zz', { headers: { Cookie: cookie } })).status).toBe(400);
    expect((await post(s, '%ff%fe', { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' }, '{}')).status).toBe(400);

    for (const path of ['/.//evil.com/', '//evil.com/', '/\\evil.com/', '/%2F%2Fevil.com/']) {
      const redirect = await send(s, `${path}?token=${encodeURIComponent(s.token)}`);
      expect(redirect.status).toBe(303);
      const location = String(redirect.headers.location);
      expect(location.startsWith('/')).toBe(true);
      expect(location).not.toMatch(/^[/\\]{2}/);
      expect(new URL(location, `http://127.0.0.1:${s.port}`).host).toBe(`127.0.0.1:${s.port}`);
    }
  });
});
