import { existsSync } from 'node:fs';
import { rendererCsp } from '../../shared/api/csp.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ApiError } from '../../shared/api/index.js';
import type { Backend } from '../services/backend.js';
import { isAllowedHostHeader, isLoopbackHost } from './loopback.js';
import { BlobStore } from '../adapters/blobs/blob-store.js';
import { servedContentType } from '../adapters/blobs/blob-types.js';
import { BodyTooLargeError, readBody } from './body.js';
import { isJsonContentType, isSameOriginRequest, parseTarget, sameServerLocation } from './http-guards.js';
import { readStatic } from './static-files.js';
import { newToken, presentedToken, tokenCookieName, tokenMatches } from './token.js';

export interface WebServerOptions {
  backend: Backend;
  /** Folder with the built renderer (index.html + assets). */
  staticDir: string;
  /** While the renderer cannot be served (being built on first use): what a page request shows instead. */
  rendererPending?: () => { building: boolean; message: string } | null;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  token?: string;
}

export interface WebServer {
  url: string;
  /** The URL to open once: it carries the token, which the server swaps for a cookie. */
  openUrl: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

/** The renderer's CSP as web mode serves it (shared/api/csp.ts). */
export const CONTENT_SECURITY_POLICY = rendererCsp('web');

const HTTP_STATUS: Record<ApiError['code'], number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  internal: 500,
};

/**
 * Web mode: the renderer and the same API over HTTP (calls) and WebSocket (events),
 * on loopback only, every request carrying the per-start token.
 */
export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new Error(`web mode listens on loopback only (127.0.0.1 or ::1), not on ${host}: it controls devices and files`);
  }
  const token = opts.token ?? newToken();
  const { backend, staticDir } = opts;
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // Details stay in the backend; a caller learns only that it failed.
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'internal error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    // Every answer given without reading the body first discards the body, so the connection stays
    // usable: a keep-alive client (a browser) would otherwise send its next request into a closing socket.
    const refuse = (status: number, body: unknown): void => {
      req.resume();
      sendJson(res, status, body);
    };
    if (!isAllowedHostHeader(req.headers.host, port)) {
      refuse(403, { error: { code: 'unauthorized', message: 'requests must address 127.0.0.1 (Host header)' } });
      return;
    }
    const target = parseTarget(req);
    if (!target) {
      refuse(400, { error: { code: 'bad_request', message: 'malformed request path' } });
      return;
    }
    const { url, path } = target;
    const route = path.startsWith('/api/') ? 'api' : path.startsWith('/blobs/') ? 'blob' : path.startsWith('/frames/') ? 'frame' : 'page';
    const presented = presentedToken(req, port, url, route === 'page' && req.method === 'GET');
    if (!tokenMatches(presented, token)) {
      refuse(401, {
        error: { code: 'unauthorized', message: 'missing or wrong token: open the URL that `elderbench serve` printed' },
      });
      return;
    }
    if (url.searchParams.has('token') && route === 'page' && req.method === 'GET') {
      // Swap the token in the URL for a cookie, then drop it from the address bar and history.
      req.resume();
      res.setHeader('Set-Cookie', `${tokenCookieName(port)}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      res.writeHead(303, { Location: sameServerLocation(url) }).end();
      return;
    }
    if (route === 'api') return handleApi(req, res, path.slice(5), presented!.source === 'bearer');
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: { code: 'bad_request', message: 'method not allowed' } });
      return;
    }
    if (route === 'blob') return handleBlob(res, path.slice(7));
    if (route === 'frame') return handleFrame(res, path.slice(8));
    return handleStatic(res, path);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, channel: string, viaBearer: boolean): Promise<void> {
    if (req.method !== 'POST') {
      req.resume();
      sendJson(res, 405, { error: { code: 'bad_request', message: 'API calls are POST' } });
      return;
    }
    if (!isSameOriginRequest(req, viaBearer)) {
      req.resume();
      sendJson(res, 403, {
        error: { code: 'unauthorized', message: 'API calls are accepted only from the ElderBench page itself (Origin)' },
      });
      return;
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      req.resume();
      sendJson(res, 415, { error: { code: 'bad_request', message: 'API calls send Content-Type: application/json' } });
      return;
    }
    let input: unknown;
    try {
      const body = await readBody(req, MAX_BODY);
      input = body.length === 0 ? undefined : (JSON.parse(body.toString('utf8')) as { input?: unknown } | null)?.input;
    } catch (e) {
      if (e instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: { code: 'bad_request', message: `${e.message}; send large data as a file path instead` } }, true);
        return;
      }
      sendJson(res, 400, { error: { code: 'bad_request', message: 'the request body is not valid JSON' } });
      return;
    }
    try {
      const result = await backend.dispatch(channel, input);
      sendJson(res, 200, { result: result ?? null });
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError('internal', String(e));
      sendJson(res, HTTP_STATUS[err.code], { error: err.toWire() });
    }
  }

  async function handleBlob(res: ServerResponse, id: string): Promise<void> {
    const store = backend.workspace;
    const row = BlobStore.isId(id) ? store.blobIndex.get(id) : undefined;
    if (!row || !store.blobs.has(id)) {
      sendJson(res, 404, { error: { code: 'not_found', message: 'no such blob' } });
      return;
    }
    const bytes = await store.blobs.get(id);
    const served = servedContentType(row.mediaType);
    res.writeHead(200, {
      'Content-Type': served.type,
      'Content-Length': bytes.length,
      // Even if a stored file were a page, it could run nothing and reach nothing.
      'Content-Security-Policy': 'sandbox',
      ...(served.inline ? {} : { 'Content-Disposition': 'attachment' }),
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    res.end(bytes);
  }

  function handleFrame(res: ServerResponse, id: string): void {
    const png = backend.frames.get(id);
    if (!png) {
      sendJson(res, 404, { error: { code: 'not_found', message: 'this frame is gone (frames are kept briefly)' } });
      return;
    }
    res.writeHead(200, {
      // minicap's frames are JPEG, screencap's PNG.
      'Content-Type': png[0] === 0xff && png[1] === 0xd8 ? 'image/jpeg' : 'image/png',
      'Content-Length': png.byteLength,
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'private, max-age=60',
    });
    res.end(png);
  }

  async function handleStatic(res: ServerResponse, path: string): Promise<void> {
    const pending =
      opts.rendererPending?.() ??
      (existsSync(staticDir)
        ? null
        : { building: false, message: `The window is not built (${staticDir} is missing). Run: npm run build:renderer` });
    if (pending) {
      res.writeHead(503, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'Cache-Control': 'no-store',
        'Retry-After': '2',
      });
      res.end(waitingPage(pending));
      return;
    }
    const file = (await readStatic(staticDir, path)) ?? (await readStatic(staticDir, '/index.html'));
    if (!file) {
      sendJson(res, 404, { error: { code: 'not_found', message: 'not found' } });
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': file.type };
    if (file.type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
      headers['Cache-Control'] = 'no-store';
    }
    res.writeHead(200, headers).end(file.body);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const target = parseTarget(req);
    const origin = req.headers.origin;
    const ok =
      target !== null &&
      target.path === '/events' &&
      isAllowedHostHeader(req.headers.host, port) &&
      (origin === undefined || origin === `http://${req.headers.host}`) &&
      tokenMatches(presentedToken(req, port, target.url, false), token);
    if (!ok) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const unsubscribe = backend.events.subscribe((e) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(e));
      });
      ws.on('close', unsubscribe);
      ws.on('error', unsubscribe);
      ws.send(JSON.stringify({ channel: 'hello', payload: null }));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const base = `http://${shownHost}:${port}`;
  return {
    url: `${base}/`,
    openUrl: `${base}/?token=${encodeURIComponent(token)}`,
    port,
    token,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(close ? { Connection: 'close' } : {}),
  });
  res.end(text);
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page shown until the window can be served: it says why, and reloads itself while a build runs. */
function waitingPage(p: { building: boolean; message: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ElderBench${p.building ? ' — starting' : ''}</title>${
    p.building ? '<meta http-equiv="refresh" content="2">' : ''
  }</head><body style="font: 18px/1.5 system-ui, sans-serif; margin: 3rem; max-width: 40rem"><main><h1>ElderBench</h1><p role="status" data-testid="renderer-pending">${escapeHtml(p.message)}</p></main></body></html>`;
}
