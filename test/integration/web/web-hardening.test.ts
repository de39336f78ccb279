import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mediaSignature } from '../../../shared/api/media-signature.js';
import { Backend } from '../../../electron/services/backend.js';
import { GraphFileError, importGraph } from '../../../electron/services/graphs/graph-transfer.js';
import type { WebServer } from '../../../electron/server/web-server.js';
import { startWebServer } from '../../../electron/server/web-server.js';
import { graphFileBytes } from '../../support/graph-file.js';
import { useTempDirs } from '../../support/temp-dir.js';
import type { HttpOptions, HttpReply } from '../../support/http.js';
import { httpSend } from '../../support/http.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';

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

  /** The server, and what a page opened by its launch link holds: its session as the header it sends. */
  async function start(workspace = tmp(), userDataDir = tmp()): Promise<{ s: WebServer; auth: string; origin: string }> {
    backend = new Backend({ workspace, userDataDir });
    const staticDir = tmp();
    writeFileSync(`${staticDir}/index.html`, '<!doctype html><html><head><title>t</title></head></html>');
    server = await startWebServer({ backend, staticDir, port: 0 });
    const page = await send(server, new URL(server.openUrl).pathname + new URL(server.openUrl).search);
    const session = /name="elderbench-session" content="([^"]+)"/.exec(page.body)![1]!;
    return { s: server, auth: `Bearer ${session}`, origin: `http://127.0.0.1:${server.port}` };
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
    const { s, auth } = await start();
    const store = backend!.workspace;
    const legacy = await store.blobs.put(HTML_ATTACK);
    store.blobIndex.record(legacy.id, legacy.size, 'text/html'); // as an older version could have
    const r = await send(s, `/blobs/${legacy.id}`, { headers: { Authorization: auth } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-security-policy']).toBe('sandbox');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe('attachment');
    const { id } = await store.putBlob(Buffer.from('<hierarchy/>'), 'application/xml');
    const xml = await send(s, `/blobs/${id}`, { headers: { Authorization: auth } });
    expect(xml.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(xml.headers['content-security-policy']).toBe('sandbox');
  });

  it('hands a run bundle to the browser only by a signed link, only from exports/, never a link out of it or another name', async () => {
    const ws = tmp();
    backend = new Backend({ workspace: ws, userDataDir: tmp() });
    const staticDir = tmp();
    writeFileSync(`${staticDir}/index.html`, '<!doctype html><html><head><title>t</title></head></html>');
    const s = (server = await startWebServer({ backend, staticDir, port: 0 }));
    const page = await send(s, new URL(s.openUrl).pathname + new URL(s.openUrl).search);
    const key = /name="elderbench-media-key" content="([^"]+)"/.exec(page.body)![1]!;
    const signed = (name: string): string => `/exports/${name}?s=${mediaSignature(key, 'export', name)}`;
    mkdirSync(join(ws, 'exports'));
    writeFileSync(join(ws, 'exports', 'run-1.tar.gz'), 'the bundle, as exported');
    const ok = await send(s, signed('run-1.tar.gz'));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('the bundle, as exported');
    expect(ok.headers['content-type']).toBe('application/gzip');
    expect(ok.headers['content-disposition']).toBe('attachment; filename="run-1.tar.gz"');
    expect(ok.headers['content-security-policy']).toBe('sandbox');
    // Unsigned, or signed for another name or kind: no.
    expect((await send(s, '/exports/run-1.tar.gz')).status).toBe(401);
    expect((await send(s, `/exports/run-1.tar.gz?s=${mediaSignature(key, 'blob', 'run-1.tar.gz')}`)).status).toBe(401);
    // The database next to exports/, a link inside it, another kind of file: not served, even signed.
    expect((await send(s, signed('..%2Felderbench.db'))).status).toBeGreaterThanOrEqual(400);
    // (`..` is resolved away before routing: that address is the page's, never the database.)
    expect((await send(s, signed('../elderbench.db'))).body).not.toMatch(/^SQLite format 3/);
    symlinkSync(join(ws, 'elderbench.db'), join(ws, 'exports', 'db.tar.gz'));
    expect((await send(s, signed('db.tar.gz'))).status).toBe(404);
    writeFileSync(join(ws, 'exports', 'notes.txt'), 'x');
    expect((await send(s, signed('notes.txt'))).status).toBe(404);
  });

  it('refuses API writes from a page on another local port, even one that holds a token', async () => {
    const { s, auth, origin } = await start();
    const json = { Authorization: auth, 'Content-Type': 'application/json' };
    const foreign = await post(s, 'settings.update', { ...json, Origin: 'http://127.0.0.1:3000' });
    expect(foreign.status).toBe(403);
    expect((await post(s, 'settings.update', { ...json, Origin: 'null' })).status).toBe(403);
    expect((await post(s, 'settings.update', { ...json, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    // A "simple" cross-site form post: text/plain needs no preflight, so it must not be parsed as JSON.
    expect((await post(s, 'settings.update', { Authorization: auth, 'Content-Type': 'text/plain', Origin: origin })).status).toBe(415);
    expect((await post(s, 'settings.update', { Authorization: auth, Origin: origin })).status).toBe(415);
    // No token at all (what a foreign page's request carries now that there is no cookie): refused.
    expect((await post(s, 'settings.update', { 'Content-Type': 'application/json', Origin: origin })).status).toBe(401);
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

  // Before: a link's token was accepted for the server's lifetime (and stayed in history, swapped for an ambient cookie).
  it('accepts a link once (never on the API, blobs or events), and keeps no credential a browser would send elsewhere', async () => {
    const { s } = await start();
    const link = new URL(s.newOpenUrl());
    const code = link.searchParams.get('token')!;
    expect(code).not.toBe(s.token);
    const t = encodeURIComponent(code);
    expect((await post(s, `settings.get?token=${t}`, { 'Content-Type': 'application/json' }, '{}')).status).toBe(401);
    expect((await send(s, `/blobs/${'0'.repeat(64)}?token=${t}`)).status).toBe(401);
    const wsStatus = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${s.port}/events?token=${t}`);
      ws.on('unexpected-response', (_q, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => undefined);
    });
    expect(wsStatus).toBe('401');
    const first = await send(s, `/?token=${t}`);
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await send(s, `/?token=${t}`);
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used.*press Enter there/);
    // The owner token is not a link either.
    expect((await send(s, `/?token=${encodeURIComponent(s.token)}`)).status).toBe(401);
    // Links are made only by the program that started the server.
    expect((await send(s, '/session/link', { method: 'POST' })).status).toBe(401);
    const made = await send(s, '/session/link', { method: 'POST', headers: { Authorization: `Bearer ${s.token}` } });
    expect(new URL((JSON.parse(made.body) as { result: { openUrl: string } }).result.openUrl).searchParams.get('token')).toBeTruthy();
  });

  // Before: a page's credential (then a cookie, readable by any server on 127.0.0.1) was all it took to approve an
  // agent entry of one's own, and a run then sent the victim's GITHUB_TOKEN to that entry's endpoint.
  it("a page's credential cannot approve an agent or send a secret anywhere: that needs a confirmation outside the API", async () => {
    const model = await MockLlmServer.start([{ kind: 'reply', content: '<answer>do(action="Back")</answer>' }]);
    try {
      const evil = tmp();
      writeFileSync(
        join(evil, 'agents.json'),
        JSON.stringify({
          agents: [
            {
              name: 'helper',
              adapter: 'autoglm',
              variant: 'cn',
              baseUrl: model.baseUrl,
              model: 'm',
              apiKeyEnv: 'GITHUB_TOKEN',
              retries: 0,
            },
          ],
        }),
      );
      const userData = tmp();
      const { s, auth, origin } = await start(tmp(), userData);
      const call = (channel: string, input: unknown, headers: Record<string, string> = {}) =>
        post(
          s,
          channel,
          { Authorization: auth, Origin: origin, 'Content-Type': 'application/json', ...headers },
          JSON.stringify({ input }),
        );
      expect((await call('workspace.open', { path: evil })).status).toBe(200);
      // Sending the "confirmed" header itself changes nothing for a page.
      const approve = await call('runs.approveAgent', { name: 'helper' }, { 'X-ElderBench-Confirmed': '1' });
      expect(approve.status).toBe(409);
      const error = (JSON.parse(approve.body) as { error: { message: string; confirm: { cli: string } } }).error;
      expect(error.message).toMatch(
        /Send the value of GITHUB_TOKEN to http:\/\/127\.0\.0\.1:\d+\?.*a browser page cannot give; do it in a terminal: elderbench .*agent trust helper/,
      );
      expect(error.confirm.cli).toContain('agent trust helper');
      expect(existsSync(join(userData, 'agent-approvals.json'))).toBe(false);
      const agents = JSON.parse((await call('runs.agents', undefined)).body) as { result: { name: string; ready: boolean }[] };
      expect(agents.result.find((a) => a.name === 'helper')!.ready).toBe(false);
      expect(model.requests).toHaveLength(0);

      // The program that started the server (the desktop shell, after its own dialog) can confirm.
      const owner = { Authorization: `Bearer ${s.token}`, Origin: origin, 'Content-Type': 'application/json' };
      const body = JSON.stringify({ input: { name: 'helper' } });
      expect((await post(s, 'runs.approveAgent', owner, body)).status).toBe(409);
      const confirmed = await post(s, 'runs.approveAgent', { ...owner, 'X-ElderBench-Confirmed': '1' }, body);
      expect(confirmed.status).toBe(200);
      expect(JSON.parse(confirmed.body)).toMatchObject({
        result: { agent: 'helper', variable: 'GITHUB_TOKEN', origin: new URL(model.baseUrl).origin },
      });
    } finally {
      await model.close();
    }
  });

  it('answers an oversized body with 413 (not a connection reset), a bad escape with 400, and never redirects off-site', async () => {
    const { s, auth, origin } = await start();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const r = await post(s, 'settings.update', { Authorization: auth, Origin: origin, 'Content-Type': 'application/json' }, big);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'bad_request' } });

    expect((await send(s, '/%E0%A4%A', { headers: { Authorization: auth } })).status).toBe(400);
    expect((await send(s, '/blobs/%zz', { headers: { Authorization: auth } })).status).toBe(400);
    expect((await post(s, '%ff%fe', { Authorization: auth, Origin: origin, 'Content-Type': 'application/json' }, '{}')).status).toBe(400);

    // Nothing redirects any more (the page gets its session in place), so no path can send a browser elsewhere.
    for (const path of ['/.//evil.com/', '//evil.com/', '/\\evil.com/', '/%2F%2Fevil.com/']) {
      const r = await send(s, `${path}?token=${encodeURIComponent(new URL(s.newOpenUrl()).searchParams.get('token')!)}`);
      expect(r.status).toBe(200);
      expect(r.headers.location).toBeUndefined();
    }
  });
});
