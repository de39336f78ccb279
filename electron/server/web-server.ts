import { existsSync } from 'node:fs';
import { rendererCsp } from '../../shared/api/csp.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ApiError } from '../../shared/api/index.js';
import type { Backend } from '../services/backend.js';
import { isAllowedHostHeader, isLoopbackHost } from './loopback.js';
import { blobForServing } from '../services/workspace/blob-serving.js';
import { exportForServing } from '../services/runs/bundle/bundle-download.js';
import { BodyTooLargeError, readBody } from './body.js';
import { isJsonContentType, isSameOriginRequest, parseTarget } from './http-guards.js';
import { readStatic } from './static-files.js';
import type { Caller } from './token.js';
import { WebAuth } from './token.js';

export interface WebServerOptions {
  backend: Backend;
  /** Folder with the built renderer (index.html + assets). */
  staticDir: string;
  /** While the renderer cannot be served (being built on first use): what a page request shows instead. */
  rendererPending?: () => { building: boolean; message: string } | null;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The owner token (programs only; see WebAuth); a random one when absent. */
  token?: string;
}

export interface WebServer {
  url: string;
  /** A link that opens the page once (a single-use launch code; see WebAuth). */
  openUrl: string;
  /** Another single-use link, for another page or browser. */
  newOpenUrl(): string;
  port: number;
  /** The owner token: for the program that started the server, never for a page. */
  token: string;
  close(): Promise<void>;
}

/** How long a browser's event socket may take to send its session token. */
const SOCKET_AUTH_MS = 10_000;

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
  const auth = new WebAuth(opts.token);
  const { backend, staticDir } = opts;
  let port = 0;
  let base = '';
  const newOpenUrl = (): string => `${base}/?token=${encodeURIComponent(auth.newLaunchCode())}`;

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
    const route = path.startsWith('/api/')
      ? 'api'
      : path.startsWith('/blobs/')
        ? 'blob'
        : path.startsWith('/frames/')
          ? 'frame'
          : path.startsWith('/exports/')
            ? 'export'
            : path === '/session/link'
              ? 'link'
              : 'page';
    const caller = auth.callerOfRequest(req);
    if (route === 'page') {
      req.resume();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(res, 405, { error: { code: 'bad_request', message: 'method not allowed' } });
        return;
      }
      // The page itself (the renderer's code) is no secret; a launch link gives it its session.
      const code = url.searchParams.get('token');
      // While the window is not ready the waiting page reloads the same address: the link is kept for then.
      if (code === null || rendererPending()) return handleStatic(res, path, null);
      const session = auth.consumeLaunchCode(code);
      if (session === null) {
        res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(
          'This link was already used, has expired, or is not from this server: each link opens one page. ' +
            'Get a new one in the terminal running `elderbench serve` (press Enter there).\n',
        );
        return;
      }
      return handleStatic(res, path, session);
    }
    const signature = url.searchParams.get('s');
    const mediaOk =
      (route === 'blob' && auth.mediaSignatureMatches('blob', path.slice(7), signature)) ||
      (route === 'frame' && auth.mediaSignatureMatches('frame', path.slice(8), signature)) ||
      (route === 'export' && auth.mediaSignatureMatches('export', path.slice(9), signature));
    if (!caller && !mediaOk) {
      refuse(401, {
        error: {
          code: 'unauthorized',
          message:
            'this page has no session: open a link that `elderbench serve` printed (each opens one page; press Enter there for another)',
        },
      });
      return;
    }
    if (route === 'api') return handleApi(req, res, path.slice(5), caller!);
    if (route === 'link') {
      req.resume();
      // Only the program that started the server hands out links (a page cannot make more of itself).
      if (caller !== 'owner' || req.method !== 'POST') {
        sendJson(res, 403, { error: { code: 'unauthorized', message: 'links are made by the program that started the server' } });
        return;
      }
      sendJson(res, 200, { result: { openUrl: newOpenUrl() } });
      return;
    }
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: { code: 'bad_request', message: 'method not allowed' } });
      return;
    }
    if (route === 'blob') return handleBlob(res, path.slice(7));
    if (route === 'export') return handleExport(res, path.slice(9), req.method === 'HEAD');
    return handleFrame(res, path.slice(8));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, channel: string, caller: Caller): Promise<void> {
    if (req.method !== 'POST') {
      req.resume();
      sendJson(res, 405, { error: { code: 'bad_request', message: 'API calls are POST' } });
      return;
    }
    if (!isSameOriginRequest(req, true)) {
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
      // A confirmation counts only from the owner (the desktop shell, after its own dialog): never from a page.
      const context = { confirmed: caller === 'owner' && req.headers['x-elderbench-confirmed'] === '1', canConfirm: caller === 'owner' };
      const result = await backend.dispatch(channel, input, context);
      sendJson(res, 200, { result: result ?? null });
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError('internal', String(e));
      sendJson(res, HTTP_STATUS[err.code], { error: err.toWire() });
    }
  }

  async function handleBlob(res: ServerResponse, id: string): Promise<void> {
    const served = await blobForServing(backend.workspace, id);
    if (served.kind === 'missing') {
      sendJson(res, 404, { error: { code: 'not_found', message: 'no such blob' } });
      return;
    }
    if (served.kind === 'refused') {
      sendJson(res, 409, { error: { code: 'conflict', message: served.message } });
      return;
    }
    res.writeHead(200, {
      'Content-Type': served.type,
      'Content-Length': served.bytes.length,
      // Even if a stored file were a page, it could run nothing and reach nothing.
      'Content-Security-Policy': 'sandbox',
      ...(served.inline ? {} : { 'Content-Disposition': 'attachment' }),
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    res.end(served.bytes);
  }

  /** A run bundle from the workspace's exports/ folder, as a download (the page cannot read the backend's disk). */
  async function handleExport(res: ServerResponse, name: string, headOnly: boolean): Promise<void> {
    const served = await exportForServing(backend.workspace, name);
    if (served.kind === 'missing') {
      sendJson(res, 404, { error: { code: 'not_found', message: "no such bundle in this workspace's exports folder" } });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/gzip',
      'Content-Length': served.size,
      'Content-Disposition': `attachment; filename="${served.name}"`,
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'no-store',
    });
    if (headOnly) {
      res.end();
      return;
    }
    const stream = served.open();
    stream.on('error', () => res.destroy());
    stream.pipe(res);
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

  /** Why the window cannot be served yet (a build running, or none), or null. */
  function rendererPending(): { building: boolean; message: string } | null {
    return (
      opts.rendererPending?.() ??
      (existsSync(staticDir)
        ? null
        : { building: false, message: `The window is not built (${staticDir} is missing). Run: npm run build:renderer` })
    );
  }

  /** A file of the renderer; the page (index.html) gets the new session's token when a launch link opened it. */
  async function handleStatic(res: ServerResponse, path: string, session: string | null): Promise<void> {
    const pending = rendererPending();
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
    let body = file.body;
    if (file.type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
      headers['Cache-Control'] = 'no-store';
      if (session) body = withSession(body, session, auth.mediaKey);
    }
    res.writeHead(200, headers).end(body);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const target = parseTarget(req);
    const origin = req.headers.origin;
    const headerCaller = auth.callerOfRequest(req);
    const ok =
      target !== null &&
      target.path === '/events' &&
      isAllowedHostHeader(req.headers.host, port) &&
      (origin === undefined || origin === `http://${req.headers.host}`) &&
      // A program sends its token as a header; a browser page (our own origin) sends it as the first message.
      (headerCaller !== null || origin !== undefined);
    if (!ok) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      const start = (): void => {
        const unsubscribe = backend.events.subscribe((e) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(e));
        });
        ws.on('close', unsubscribe);
        ws.on('error', unsubscribe);
        ws.send(JSON.stringify({ channel: 'hello', payload: null }));
      };
      if (headerCaller) return start();
      // Nothing is sent before the page proves its session; a wrong or missing token ends the socket.
      const timer = setTimeout(() => ws.close(4401, 'no session token'), SOCKET_AUTH_MS);
      ws.once('message', (data) => {
        clearTimeout(timer);
        let token: unknown = null;
        try {
          token = (JSON.parse(String(data)) as { token?: unknown } | null)?.token;
        } catch {
          // not our message
        }
        if (typeof token === 'string' && auth.callerOf(token)) start();
        else ws.close(4401, 'wrong session token');
      });
      ws.once('close', () => clearTimeout(timer));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  base = `http://${shownHost}:${port}`;
  return {
    url: `${base}/`,
    openUrl: newOpenUrl(),
    newOpenUrl,
    port,
    token: auth.ownerToken,
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

/** index.html with the page's session: two meta tags the page reads once and removes (no inline script: the CSP forbids it). */
function withSession(html: Buffer, session: string, mediaKey: string): Buffer {
  const tags = `<meta name="elderbench-session" content="${session}"><meta name="elderbench-media-key" content="${mediaKey}">`;
  const text = html.toString('utf8');
  const at = text.search(/<head[^>]*>/i);
  if (at < 0) return Buffer.from(tags + text, 'utf8');
  const end = text.indexOf('>', at) + 1;
  return Buffer.from(text.slice(0, end) + tags + text.slice(end), 'utf8');
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page shown until the window can be served: it says why, and reloads itself while a build runs. */
function waitingPage(p: { building: boolean; message: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ElderBench${p.building ? ' — starting' : ''}</title>${
    p.building ? '<meta http-equiv="refresh" content="2">' : ''
  }</head><body style="font: 18px/1.5 system-ui, sans-serif; margin: 3rem; max-width: 40rem"><main><h1>ElderBench</h1><p role="status" data-testid="renderer-pending">${escapeHtml(p.message)}</p></main></body></html>`;
}
